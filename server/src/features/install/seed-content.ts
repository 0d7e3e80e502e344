/** Starter content a fresh site shows, in Markdown (our own words). */
export const STARTER_TAG = { slug_name: 'support', display_name: 'support', description: 'Questions about using this site.' };

export const STARTER_POSTS = [
  {
    title: 'What are tags for?',
    question:
      'I see small labels under every question. What do they do, and how should I pick them when I ask something?',
    answer:
      'Tags group questions by topic. Each tag has its own page listing its questions, and you can follow a tag to see its new questions first.\n\n' +
      'When you ask, pick the few tags that best describe the subject. Good tags help the people who know the topic find your question.',
  },
  {
    title: 'How do I earn reputation?',
    question: 'My profile shows a reputation number. What is it and how does it grow?',
    answer:
      'Reputation shows how much the community trusts you. It grows when others upvote your questions and answers, and when your answer is accepted.\n\n' +
      'As it grows, you unlock privileges such as voting, editing other posts and creating new tags. Downvotes on your posts lower it a little.',
  },
];

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Paragraphs only: enough for the starter texts, which contain no other Markdown. */
export const paragraphsToHtml = (markdown: string) =>
  markdown
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
    .join('\n');
