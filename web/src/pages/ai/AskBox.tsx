import { AI_QUESTION_MAX } from '@answer/contract';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { SvgIcon } from '../../components/icons/svg-icon';
import { useTranslation } from '../../i18n/translator';
import { AI_ICONS } from './ai-icons';

/** The question box: Enter sends, Shift+Enter starts a new line; a counter up to the limit. */
export function AskBox({ busy, disabled, onAsk, onStop }: { busy: boolean; disabled: boolean; onAsk: (question: string) => void; onStop: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const question = text.trim();
  const send = () => {
    if (!question || busy || disabled) return;
    onAsk(question);
    setText('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing (Chinese, Japanese): Enter then picks the characters.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
  return (
    <form onSubmit={submit} className="mt-3" data-testid="ai-ask-form">
      <label htmlFor="ai-question" className="form-label">
        {t('ai.ask_label')}
      </label>
      <textarea
        id="ai-question"
        name="question"
        className="form-control"
        rows={3}
        maxLength={AI_QUESTION_MAX}
        value={text}
        disabled={disabled}
        placeholder={t('ai.ask_placeholder')}
        aria-describedby="ai-question-hint ai-question-count"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mt-2">
        <div className="small text-body-secondary">
          <span id="ai-question-hint">{t('ai.ask_hint')}</span>{' '}
          <span id="ai-question-count" className={text.length >= AI_QUESTION_MAX ? 'text-danger' : ''}>
            {t('ai.counter', { n: text.length, max: AI_QUESTION_MAX })}
          </span>
        </div>
        {busy ? (
          <button type="button" className="btn btn-outline-secondary" onClick={onStop}>
            {t('ai.stop')}
          </button>
        ) : (
          <button type="submit" className="btn btn-primary d-inline-flex align-items-center gap-2" disabled={!question || disabled}>
            <SvgIcon shapes={AI_ICONS.send} />
            {t('ai.send')}
          </button>
        )}
      </div>
    </form>
  );
}
