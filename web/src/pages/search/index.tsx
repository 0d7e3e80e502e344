// The search area (one lazily loaded chunk).
export { Search } from './Search';
