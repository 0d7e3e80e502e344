/** The wire envelope every JSON reply uses (domain.md 1.2). */
export interface Envelope<T = unknown> {
  code: number;
  reason: string;
  msg: string;
  data: T;
}

export interface FieldError {
  error_field: string;
  error_msg: string;
}

export type ErrType = 'toast' | 'alert' | 'modal';
export type AccountErrorType = 'inactive' | 'suspended' | 'url_expired';

export interface Page<T> {
  count: number;
  list: T[];
}
