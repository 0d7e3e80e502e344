/**
 * The award_key of a once-per-user badge: one fixed key, so the unique key allows one row. A module
 * of its own so that the importers, which write awards, need not load the awarding (notifications, events).
 */
export const SINGLE_AWARD_KEY = '0';
