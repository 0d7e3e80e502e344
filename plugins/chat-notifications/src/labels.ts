/**
 * The plugin's own words in chat messages. A message goes to a whole channel, not to one reader,
 * so it is written in the language the admin picks on the config form.
 */
import type { SiteEvent } from '@answer/plugin-sdk';

export type Language = 'en_US' | 'zh_CN';

export interface Labels {
  kinds: Record<SiteEvent['type'], string>;
  author: string;
  tags: string;
  viewQuestion: string;
  viewAnswer: string;
  testHeading: string;
  testBody: string;
}

const LABELS: Record<Language, Labels> = {
  en_US: {
    kinds: { 'question.created': 'New question', 'answer.created': 'New answer', 'answer.accepted': 'Answer accepted' },
    author: 'Author',
    tags: 'Tags',
    viewQuestion: 'View question',
    viewAnswer: 'View answer',
    testHeading: 'Test message',
    testBody: 'Chat notifications are set up: this channel will hear about new activity on the site.',
  },
  zh_CN: {
    kinds: { 'question.created': '新问题', 'answer.created': '新回答', 'answer.accepted': '回答被采纳' },
    author: '作者',
    tags: '标签',
    viewQuestion: '查看问题',
    viewAnswer: '查看回答',
    testHeading: '测试消息',
    testBody: '聊天通知已设置好：本频道将收到站点的新动态。',
  },
};

export const labelsFor = (language: Language): Labels => LABELS[language];
