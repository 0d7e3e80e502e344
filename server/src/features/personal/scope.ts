import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { SessionUser } from '../../core/guardian.js';
import type { Thresholds } from '../../core/privileges.js';
import type { Database } from '../../db/schema.js';
import { A } from '../answer/service.js';
import { Q } from '../question/service.js';
import { canListQuestion, canSeeAnswer, canSeeQuestion } from '../visibility/rules.js';

/**
 * The visibility rules (visibility/rules.ts) turned into SQL conditions, so a person's lists page
 * and count only what the viewer may see. The rules read nothing but a row's status, `show` and
 * author, so asking them once per status for "a row by this author" decides every such row.
 */
const QUESTION_STATUSES = Object.values(Q) as number[];
const ANSWER_STATUSES = Object.values(A) as number[];
const UNLISTED = 2;
/** No user has this id: "a row by someone other than the viewer". */
const SOMEONE_ELSE = '';

export class ViewerScope {
  constructor(
    private readonly viewer: SessionUser | null,
    private readonly thresholds: Thresholds,
  ) {}

  /** Statuses of questions by `authorId` the viewer may see. */
  questionStatuses(authorId: string): number[] {
    return QUESTION_STATUSES.filter((status) => canSeeQuestion(this.viewer, { status, user_id: authorId }, this.thresholds));
  }

  /** Whether the viewer's lists include the unlisted questions of `authorId`. */
  listsUnlisted(authorId: string): boolean {
    return canListQuestion(this.viewer, { status: Q.available, show: UNLISTED, user_id: authorId }, this.thresholds);
  }

  /** Statuses of answers by `authorId` the viewer may see on a question they may see. */
  answerStatuses(authorId: string): number[] {
    return ANSWER_STATUSES.filter((status) => canSeeAnswer(this.viewer, { status, user_id: authorId }, { status: Q.available, user_id: authorId }, this.thresholds));
  }

  /** The question joined as `question` is visible, whoever wrote it. */
  questionVisible<DB extends Database, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> {
    return this.ownedRow(eb, 'question.status', 'question.user_id', (author) => this.questionStatuses(author));
  }

  /** The answer joined as `answer` is visible apart from its question, whoever wrote it. */
  answerVisible<DB extends Database, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> {
    return this.ownedRow(eb, 'answer.status', 'answer.user_id', (author) => this.answerStatuses(author));
  }

  /** status in (what anyone's rows show) or (the viewer's own row and status in what their own rows show). */
  private ownedRow<DB extends Database, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, status: string, owner: string, statusesOf: (authorId: string) => number[]) {
    const anyone = statusesOf(SOMEONE_ELSE);
    // Kysely cannot type a column name chosen at run time; both names are fixed above.
    const e = eb as unknown as ExpressionBuilder<Database, 'question' | 'answer'>;
    const statusCol = status as 'question.status';
    const ownerCol = owner as 'question.user_id';
    const conditions = [e(statusCol, 'in', anyone)];
    const ownExtra = this.viewer ? statusesOf(this.viewer.id).filter((s) => !anyone.includes(s)) : [];
    if (this.viewer && ownExtra.length) conditions.push(e.and([e(ownerCol, '=', this.viewer.id), e(statusCol, 'in', ownExtra)]));
    return e.or(conditions);
  }
}
