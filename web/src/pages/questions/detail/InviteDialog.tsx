import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../../i18n/translator';
import { searchUsers } from '../../../api/comments';
import { type Invitee, MAX_INVITEES, setInvitees } from '../../../api/invites';
import { Avatar } from '../../../components/Avatar';
import { useCaptcha } from '../../../components/captcha/useCaptcha';
import { FormMessage } from '../../../components/FormMessage';
import { serverFormErrors } from '../../../utils/form-errors';

const LOOKUP_PAUSE_MS = 200;

interface InviteDialogProps {
  questionId: string;
  current: Invitee[];
  onCancel: () => void;
  onSaved: () => void;
}

type Person = Pick<Invitee, 'username' | 'display_name' | 'avatar'>;

/** Choosing up to five people to invite to answer; saving replaces the list and notifies the new ones. */
export function InviteDialog({ questionId, current, onCancel, onSaved }: InviteDialogProps) {
  const { t } = useTranslation();
  const captcha = useCaptcha('invitation_answer');
  const [picked, setPicked] = useState<Person[]>(current);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const full = picked.length >= MAX_INVITEES;

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), LOOKUP_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // The same lookup as the @mention picker, sharing its cache.
  const found = useQuery({ queryKey: ['mention-users', query], queryFn: ({ signal }) => searchUsers(query, signal), enabled: query !== '', staleTime: 30_000 });
  const offers = query ? (found.data ?? []).filter((u) => !picked.some((p) => p.username === u.username)) : [];

  const save = async () => {
    setMessage('');
    setBusy(true);
    try {
      const outcome = await captcha.run((answer) => setInvitees(questionId, picked.map((p) => p.username), answer));
      if (outcome.ok) onSaved();
    } catch (error) {
      setMessage(serverFormErrors(error, [], t('common.request_failed')).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show onHide={onCancel} centered aria-labelledby="invite-dialog-title" data-testid="invite-dialog">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="invite-dialog-title" as="h2" className="h5">
          {t('question.invite.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <FormMessage message={message} />
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-3" aria-label={t('question.invite.picked')}>
          {picked.map((p) => (
            <li key={p.username} className="badge text-bg-light border d-inline-flex align-items-center gap-1 fw-normal">
              <Avatar src={p.avatar} name={p.display_name} size={16} seed={p.username} />
              {p.display_name}
              <button
                type="button"
                className="btn-close ms-1"
                style={{ fontSize: '0.6em' }}
                aria-label={t('question.invite.remove', { name: p.display_name })}
                onClick={() => setPicked((list) => list.filter((x) => x.username !== p.username))}
              />
            </li>
          ))}
          {!picked.length && <li className="small text-body-secondary">{t('question.invite.none')}</li>}
        </ul>
        <Form.Group controlId="invite-search">
          <Form.Label>{t('question.invite.search')}</Form.Label>
          <Form.Control
            type="search"
            value={text}
            autoComplete="off"
            disabled={full}
            placeholder={t('question.invite.placeholder')}
            aria-describedby="invite-search-help"
            onChange={(e) => setText(e.target.value)}
          />
          <Form.Text id="invite-search-help">{t('question.invite.limit', { max: MAX_INVITEES })}</Form.Text>
        </Form.Group>
        {!full && offers.length > 0 && (
          <ul className="list-group mt-2" aria-label={t('question.invite.results')}>
            {offers.map((u) => (
              <li key={u.id} className="list-group-item p-0">
                <button
                  type="button"
                  className="btn btn-link text-start text-decoration-none w-100 d-flex align-items-center gap-2 small"
                  onClick={() => {
                    setPicked((list) => [...list, u]);
                    setText('');
                  }}
                >
                  <Avatar src={u.avatar} name={u.display_name} size={20} seed={u.username} />
                  <span>{u.display_name}</span>
                  <span className="text-body-secondary">@{u.username}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {captcha.dialog}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="link" onClick={onCancel}>
          {t('editor.cancel')}
        </Button>
        <Button onClick={() => void save()} disabled={busy}>
          {t('question.invite.save')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
