/** A small vocabulary for generated demo content (our own word list). */
export const WORDS = (
  'database server query index cache session token migration schema table column row backup restore deploy ' +
  'container network proxy certificate domain email login password account profile avatar upload image file ' +
  'markdown editor preview comment answer question vote reputation badge tag search filter order page list ' +
  'install upgrade config option setting theme language translation locale timezone error warning log metric ' +
  'benchmark latency throughput memory thread process worker queue event handler plugin module package build ' +
  'test release version branch commit merge review issue feature bug fix patch script command terminal shell'
).split(' ');

export const TAG_WORDS = (
  'postgresql mysql sqlite redis docker nginx linux windows macos javascript typescript nodejs react python go ' +
  'rust java kotlin swift css html http tls dns smtp oauth ldap kubernetes terraform ansible git github ci ' +
  'testing performance security privacy accessibility i18n markdown search backup monitoring logging api rest ' +
  'graphql websocket caching queue cron email upload images themes plugins admin moderation reputation badges'
).split(' ');

export const OPENERS = ['How do I', 'Why does', 'What is the best way to', 'Is it possible to', 'How can I', 'When should I'];
