// Parts of a UI bundle, one named export per section (web/locale-parts.ts). Sections are nested strings.
declare module '*/ui.json?part=first-load' {
  type Section = { [key: string]: string | Section };
  export const account: Section, badges: Section, captcha: Section, common: Section, dialog: Section, editor: Section,
    error: Section, flag: Section, footer: Section, header: Section, legal: Section, maintenance: Section, nav: Section,
    notifications: Section, page_error: Section, prompt: Section, question: Section, questions: Section, review: Section,
    revision_diff: Section, revision_picker: Section, tags: Section;
}
declare module '*/ui.json?part=areas' {
  type Section = { [key: string]: string | Section };
  export const admin: Section, ai: Section, install: Section, plugin_form: Section, search: Section, settings: Section, timeline: Section;
}
declare module '*/ui.json?part=users' {
  type Section = { [key: string]: string | Section };
  export const users: Section;
}
declare module '*/ui.json?part=connector' {
  type Section = { [key: string]: string | Section };
  export const connector: Section;
}
