/**
 * The OpenAPI document describes replies with the contract's types (declare.ts `response`), while
 * many services build their replies with inferred types. These checks tie the two: each service's
 * reply must be assignable to the contract type the route names, so a field added, renamed or
 * retyped on one side and not the other fails `tsc` (npm run lint) instead of leaving the document
 * wrong. Types only: nothing here runs.
 */
import type * as C from '@answer/contract';
import type { SharedReply } from '../../core/shared-reply.js';
import type { activationLink } from '../admin/users-account.js';
import type { adminAnswerPage, adminQuestionPage } from '../admin/content-list.js';
import type { answerInfo, answerPageReply } from '../answer/list.js';
import type { editAnswer } from '../answer/service.js';
import type { adminBadges } from '../badge/admin.js';
import type { badgeAwards } from '../badge/service.js';
import type { switchBookmark } from '../collection/service.js';
import type { commentPage, presentComments } from '../comment/list.js';
import type { follow } from '../follow/service.js';
import type { followedTags } from '../follow/tags.js';
import type { moderationLogPage } from '../moderation/log.js';
import type { notificationPage } from '../notification/page.js';
import type { myBookmarks } from '../personal/bookmarks.js';
import type { answerPage as personalAnswers, commentPage as personalComments, questionPage as personalQuestions, topPosts } from '../personal/posts.js';
import type { reputationHistory } from '../personal/reputation.js';
import type { myVotes } from '../personal/votes.js';
import type { webParts } from '../plugin/web.js';
import type { questionInfo } from '../question/info.js';
import type { invitedUsers } from '../question/invite.js';
import type { questionPageReply } from '../question/list.js';
import type { recommendPage } from '../question/recommend.js';
import type { relatedQuestions, similarQuestions } from '../question/related.js';
import type { editQuestion } from '../question/service.js';
import type { react, reactionSummary } from '../reaction/service.js';
import type { reasonsFor } from '../reason/service.js';
import type { flaggedPostPage } from '../report/queue.js';
import type { pendingPostPage } from '../review/queue.js';
import type { reviewingTypes } from '../revision/queues.js';
import type { unreviewedPage } from '../revision/suggestions.js';
import type { editTag } from '../tag/edit.js';
import type { tagInfo } from '../tag/info.js';
import type { suggestTags, tagsBySlugList, tagsPage } from '../tag/list.js';
import type { createTagByRequest } from '../tag/manage.js';
import type { tagSynonyms } from '../tag/synonyms.js';
import type { objectTimeline, timelineDetail } from '../timeline/service.js';
import type { loadUserBasics } from '../user/basic.js';
import type { vote } from '../vote/service.js';
import type { deliveriesPage } from '../webhook/store.js';
import type { loadSmtpSettings } from '../email/settings.js';

// biome-ignore lint/suspicious/noExplicitAny: any function's reply
type Reply<F extends (...args: any[]) => unknown> = Awaited<ReturnType<F>> extends SharedReply<infer T> ? T : Awaited<ReturnType<F>>;
/** Compiles only when `Actual` fits `Contract`. */
type Fits<Actual extends Contract, Contract> = [Actual, Contract];
type UserBasic = NonNullable<ReturnType<Awaited<ReturnType<typeof loadUserBasics>>['get']>>;

export type ReplyTypeChecks = [
  Fits<Reply<typeof questionPageReply>, C.QuestionPage>,
  Fits<Reply<typeof recommendPage>, C.QuestionPage>,
  Fits<Reply<typeof questionInfo>, C.QuestionInfo>,
  Fits<Reply<typeof similarQuestions>, C.SimilarQuestions>,
  Fits<Reply<typeof relatedQuestions>, C.RelatedQuestions>,
  Fits<Reply<typeof editQuestion>, C.EditResult>,
  Fits<Reply<typeof reasonsFor>, C.ReasonItem[]>,
  Fits<Reply<typeof flaggedPostPage>, C.FlaggedPostPage>,
  Fits<Reply<typeof answerPageReply>, C.AnswerPage>,
  Fits<Reply<typeof answerInfo>, C.AnswerInfo>,
  Fits<Reply<typeof editAnswer>, C.EditResult>,
  Fits<Reply<typeof commentPage>, C.CommentPage>,
  Fits<Reply<typeof presentComments>[number], C.CommentItem>,
  Fits<Reply<typeof unreviewedPage>, C.UnreviewedRevisionPage>,
  Fits<Reply<typeof reviewingTypes>, C.ReviewingType[]>,
  Fits<Reply<typeof pendingPostPage>, C.PendingPostPage>,
  Fits<Reply<typeof tagInfo>, C.TagInfo>,
  Fits<Reply<typeof editTag>, C.EditResult>,
  Fits<Reply<typeof createTagByRequest>, C.CreatedTag>,
  Fits<Reply<typeof tagsPage>, C.TagPage>,
  Fits<Reply<typeof tagsBySlugList>, C.TagSummary[]>,
  Fits<Reply<typeof suggestTags>, C.TagBrief[]>,
  Fits<Reply<typeof tagSynonyms>, C.TagSynonyms>,
  Fits<UserBasic, C.UserBasicInfo>,
  Fits<Reply<typeof invitedUsers>, C.UserBasicInfo[]>,
  Fits<Reply<typeof vote>, C.VoteResult>,
  Fits<Reply<typeof badgeAwards>, C.BadgeAwardPage>,
  Fits<Reply<typeof adminBadges>, C.AdminBadgePage>,
  Fits<Reply<typeof switchBookmark>, C.BookmarkResult>,
  Fits<Reply<typeof follow>, C.FollowResult>,
  Fits<Reply<typeof followedTags>, C.TagSummary[]>,
  Fits<Reply<typeof reactionSummary>, C.ReactionSummary>,
  Fits<Reply<typeof react>, C.ReactionSummary>,
  Fits<Reply<typeof objectTimeline>, C.ObjectTimeline>,
  Fits<Reply<typeof timelineDetail>, C.TimelineDetail>,
  Fits<Reply<typeof personalQuestions>, C.PersonalQuestionPage>,
  Fits<Reply<typeof personalAnswers>, C.PersonalAnswerPage>,
  Fits<Reply<typeof personalComments>, C.PersonalCommentPage>,
  Fits<Reply<typeof topPosts>, C.PersonalTop>,
  Fits<Reply<typeof reputationHistory>, C.ReputationPage>,
  Fits<Reply<typeof myVotes>, C.PersonalVotePage>,
  Fits<Reply<typeof myBookmarks>, C.BookmarkPage>,
  Fits<Reply<typeof notificationPage>, C.NotificationPage>,
  Fits<Reply<typeof deliveriesPage>, C.WebhookDeliveryPage>,
  Fits<Reply<typeof webParts>, C.PluginWebPart[]>,
  Fits<Reply<typeof moderationLogPage>, C.ModerationLogPage>,
  Fits<Reply<typeof adminQuestionPage>, C.AdminQuestionPage>,
  Fits<Reply<typeof adminAnswerPage>, C.AdminAnswerPage>,
  Fits<{ activation_url: Reply<typeof activationLink> }, C.ActivationLink>,
  Fits<Reply<typeof loadSmtpSettings> & { test_email_recipient: string }, C.SmtpSettingsReply>,
];
