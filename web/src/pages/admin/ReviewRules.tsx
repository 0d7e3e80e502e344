import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { fieldErrorsOf } from '../../api/api-error';
import { getReviewSettings, saveReviewSettings } from '../../api/review';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { showToast } from '../../state/notices';
import { type ReviewRulesForm, fromForm, toForm } from './review-rules-form';

const QUERY_KEY = ['admin', 'review-rules'];
type Field = keyof ReviewRulesForm;
const NUMBER_FIELDS: Field[] = ['reputation_below', 'first_posts', 'max_links'];
const WORD_FIELDS: Field[] = ['review_words', 'delete_words'];

/**
 * /admin/review-rules: the built-in rules that hold new questions and answers for review (or
 * delete them) before anyone sees them. Staff posts are never held. Every rule is off when empty.
 */
export function ReviewRules() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.review_rules'));
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: QUERY_KEY, queryFn: ({ signal }) => getReviewSettings(signal) });
  const [form, setForm] = useState<ReviewRulesForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (settings.data && !form) setForm(toForm(settings.data));
  }, [settings.data, form]);

  if (!form) return settings.isError ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />;

  const set = (field: Field, value: string) => setForm({ ...form, [field]: value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const saved = fromForm(form);
      await saveReviewSettings(saved);
      queryClient.setQueryData(QUERY_KEY, saved);
      showToast(t('admin.review_rules.saved'), 'success');
    } catch (err) {
      setErrors(fieldErrorsOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className="h3 mb-2">{t('admin.menu.review_rules')}</h1>
      <p className="text-secondary mb-4">{t('admin.review_rules.intro')}</p>
      <Form onSubmit={submit} noValidate data-testid="review-rules" style={{ maxWidth: 640 }}>
        {NUMBER_FIELDS.map((field) => (
          <Form.Group className="mb-3" controlId={`review-rules-${field}`} key={field}>
            <Form.Label>{t(`admin.review_rules.${field}`)}</Form.Label>
            <Form.Control
              type="number"
              min={0}
              inputMode="numeric"
              value={form[field]}
              isInvalid={!!errors[field]}
              onChange={(e) => set(field, e.target.value)}
            />
            <Form.Text className="text-secondary">{t(`admin.review_rules.${field}_hint`)}</Form.Text>
            <Form.Control.Feedback type="invalid">{errors[field]}</Form.Control.Feedback>
          </Form.Group>
        ))}
        {WORD_FIELDS.map((field) => (
          <Form.Group className="mb-3" controlId={`review-rules-${field}`} key={field}>
            <Form.Label>{t(`admin.review_rules.${field}`)}</Form.Label>
            <Form.Control as="textarea" rows={4} value={form[field]} isInvalid={!!errors[field]} onChange={(e) => set(field, e.target.value)} />
            <Form.Text className="text-secondary">{t(`admin.review_rules.${field}_hint`)}</Form.Text>
            <Form.Control.Feedback type="invalid">{errors[field]}</Form.Control.Feedback>
          </Form.Group>
        ))}
        <Button type="submit" disabled={busy}>
          {t('admin.review_rules.save')}
        </Button>
      </Form>
    </>
  );
}
