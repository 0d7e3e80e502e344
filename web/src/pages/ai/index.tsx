// The assistant's area (one lazily loaded chunk).
export { AiAssistant } from './AiAssistant';
// Its English strings are not in the entry (i18n/area-strings.ts).
export { loadAreaStrings as ready } from '../../i18n';
