import { API_PREFIX } from '@answer/contract';
import type { CaptchaAnswer } from './account';
import { get, request } from './client';

/** A user invited to answer a question. */
export interface Invitee {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
}

/** How many people one question may invite at a time (the upstream client's limit). */
export const MAX_INVITEES = 5;

const I = `${API_PREFIX}/question/invite`;

export const getInvitees = async (questionId: string, signal?: AbortSignal) =>
  (await get<Invitee[] | null>(I, { params: { id: questionId }, signal, ignore50x: true })) ?? [];

/** Replaces the invite list; only people new to it are notified. */
export const setInvitees = (questionId: string, usernames: string[], captcha: CaptchaAnswer) =>
  request<unknown>('PUT', I, { body: { id: questionId, invite_user: usernames, ...captcha } });
