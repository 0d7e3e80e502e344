import { aiConfigSchema, type AiProviderName, type AiTestResult } from '@answer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { isApiError } from '../../api/api-error';
import { AI_CONFIG, getAiConfig, saveAiConfig, testAiProvider } from '../../api/ai';
import { TextField } from '../../components/TextField';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { useTranslation } from '../../i18n/translator';
import { showToast } from '../../state/notices';
import { type AiForm, formField, fromForm, providerFields, toForm } from './ai-form';
import { AiReindexCard } from './AiReindexCard';
import { SettingsPage, SettingsSwitch } from './settings-fields';

const ROLES = [
  { id: 1, key: 'user' },
  { id: 3, key: 'moderator' },
  { id: 2, key: 'admin' },
] as const;

/** The longest system instructions per language (the contract's limit). */
const PROMPT_MAX = 4000;

/**
 * /admin/ai: the OpenAI-compatible provider the assistant uses (docs/ai.md). The API key is
 * write-only: the page is only told whether one is stored, and an empty field keeps it.
 */
export function AdminAi() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey: AI_CONFIG, queryFn: ({ signal }) => getAiConfig(signal) });
  const config = loaded.data;
  const [form, setForm] = useState<AiForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesPrompt(dirty);
  useEffect(() => {
    if (config && form === null) setForm(toForm(config));
  }, [config, form]);
  const test = useMutation({ mutationFn: testAiProvider });

  const set = <K extends keyof AiForm>(field: K, value: AiForm[K]) => {
    setForm((f) => (f ? { ...f, [field]: value } : f));
    setErrors((e) => ({ ...e, [field]: '' }));
    setDirty(true);
  };
  const choose = (provider: AiProviderName) => {
    if (!config) return;
    setForm((f) => (f ? { ...f, ...providerFields(config, provider) } : f));
    setDirty(true);
    test.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form || !config) return;
    setMessage('');
    const body = fromForm(config, form);
    const checked = aiConfigSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[formField(issue.path.join('.'))] ??= t(issue.message.startsWith('error.') ? issue.message : 'error.common.invalid');
      return setErrors(found);
    }
    setBusy(true);
    setErrors({});
    try {
      await saveAiConfig(body);
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: AI_CONFIG });
      setForm((f) => (f ? { ...f, api_key: '' } : f));
      showToast(t('admin.settings.saved'), 'success');
    } catch (err) {
      const list = isApiError(err) ? err.list : [];
      setErrors(Object.fromEntries(list.map((e) => [formField(e.error_field), e.error_msg])));
      setMessage(list.length ? '' : isApiError(err) && err.msg ? err.msg : t('common.request_failed'));
    } finally {
      setBusy(false);
    }
  };

  const stored = config?.ai_providers.find((p) => p.provider === form?.provider);
  const preset = config?.presets.find((p) => p.provider === form?.provider);
  const text = (name: 'api_host' | 'model' | 'embedding_model' | 'daily_limit_per_member' | 'monthly_token_budget', numeric = false) => ({
    name,
    label: t(`admin.ai.${name}`),
    help: t(`admin.ai.${name}_hint`),
    value: form?.[name] ?? '',
    onChange: (value: string) => set(name, value),
    error: errors[name],
    ...(numeric ? { type: 'number', inputMode: 'numeric' as const, min: 0 } : {}),
  });
  const result: AiTestResult | undefined = test.data;

  return (
    <SettingsPage titleKey="admin.menu.ai" intro={t('admin.ai.intro')} ready={!!form} failed={loaded.isError} busy={busy} message={message} onSubmit={submit} testId="admin-ai">
      {form && config && (
        <>
          <SettingsSwitch name="enabled" label={t('admin.ai.enabled')} help={t('admin.ai.enabled_hint')} checked={form.enabled} onChange={(on) => set('enabled', on)} error={errors.enabled} />
          <Form.Group className="mb-3" controlId="field-provider">
            <Form.Label>{t('admin.ai.provider')}</Form.Label>
            <Form.Select name="provider" value={form.provider} isInvalid={Boolean(errors.provider)} onChange={(e) => choose(e.target.value as AiProviderName)}>
              {config.presets.map((p) => (
                <option key={p.provider} value={p.provider}>
                  {t(`admin.ai.presets.${p.provider}`)}
                </option>
              ))}
            </Form.Select>
            {errors.provider && <div className="invalid-feedback d-block">{errors.provider}</div>}
          </Form.Group>
          <TextField {...text('api_host')} placeholder="https://api.openai.com" />
          <TextField
            name="api_key"
            type="password"
            autoComplete="off"
            label={t('admin.ai.api_key')}
            help={stored?.api_key_set ? t('admin.ai.api_key_set') : preset?.key_required ? t('admin.ai.api_key_hint') : t('admin.ai.api_key_optional')}
            placeholder={stored?.api_key_set ? '••••••••' : ''}
            value={form.api_key}
            onChange={(value) => set('api_key', value)}
            error={errors.api_key}
          />
          <div className="mb-3" data-testid="ai-test">
            <Button variant="outline-secondary" disabled={test.isPending || !form.api_host} onClick={() => test.mutate({ provider: form.provider, api_host: form.api_host, api_key: form.api_key, model: form.model })}>
              {test.isPending ? t('admin.ai.testing') : t('admin.ai.test')}
            </Button>
            {result && (
              <div className={`small mt-2 ${result.ok ? 'text-success' : 'text-danger'}`} role="status" data-testid="ai-test-result">
                {result.msg}
                {result.ok && result.models.length > 0 && <div className="text-body-secondary text-break">{result.models.slice(0, 20).join(', ')}</div>}
              </div>
            )}
            {test.isError && <div className="small mt-2 text-danger" role="status">{isApiError(test.error) && test.error.msg ? test.error.msg : t('common.request_failed')}</div>}
          </div>
          <TextField {...text('model')} />
          <TextField {...text('embedding_model')} />
          <SettingsSwitch
            name="semantic_search_enabled"
            label={t('admin.ai.semantic_search_enabled')}
            help={t('admin.ai.semantic_search_enabled_hint')}
            checked={form.semantic_search_enabled}
            onChange={(on) => set('semantic_search_enabled', on)}
            error={errors.semantic_search_enabled}
          />
          <AiReindexCard ready={config.semantic_search_enabled && config.embedding_model !== '' && !dirty} />
          <TextField {...text('daily_limit_per_member', true)} />
          <TextField {...text('monthly_token_budget', true)} />
          <Form.Group className="mb-3">
            <Form.Label as="div">{t('admin.ai.allowed_roles')}</Form.Label>
            {ROLES.map((role) => (
              <Form.Check
                key={role.id}
                id={`ai-role-${role.key}`}
                label={t(`admin.ai.roles.${role.key}`)}
                checked={form.allowed_roles.includes(role.id)}
                onChange={(e) => set('allowed_roles', e.target.checked ? [...form.allowed_roles, role.id] : form.allowed_roles.filter((r) => r !== role.id))}
              />
            ))}
            {errors.allowed_roles && <div className="invalid-feedback d-block">{errors.allowed_roles}</div>}
          </Form.Group>
          <fieldset className="mb-3" aria-describedby="ai-prompts-hint">
            <legend className="fs-6 fw-semibold mb-1">{t('admin.ai.prompts')}</legend>
            <p id="ai-prompts-hint" className="form-text mt-0">
              {t('admin.ai.prompts_hint')}
            </p>
            {(['prompt_en_us', 'prompt_zh_cn'] as const).map((name) => (
              <Form.Group key={name} className="mb-3" controlId={`field-${name}`}>
                <Form.Label>{t(`admin.ai.${name}`)}</Form.Label>
                <Form.Control
                  as="textarea"
                  name={name}
                  rows={4}
                  maxLength={PROMPT_MAX}
                  value={form[name]}
                  isInvalid={Boolean(errors[name])}
                  onChange={(e) => set(name, e.target.value)}
                />
                <div className="form-text text-end">{`${form[name].length} / ${PROMPT_MAX}`}</div>
                {errors[name] && <div className="invalid-feedback d-block">{errors[name]}</div>}
              </Form.Group>
            ))}
          </fieldset>
        </>
      )}
    </SettingsPage>
  );
}
