/**
 * Meta key of the reason a question was closed for: JSON {close_type, close_msg} (domain.md 2.13).
 * A module of its own so that the importers, which write it, need not load the closing service.
 */
export const CLOSE_REASON_KEY = 'question.close.reason';
