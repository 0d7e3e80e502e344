export * from './limits.js';
export * from './envelope.js';
export * from './install.js';
export * from './siteinfo.js';
export * from './account.js';
export * from './content.js';
