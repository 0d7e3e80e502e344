import type { DbSettings } from '@answer/contract';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useTranslation } from '../../i18n/translator';
import { isApiError } from '../../api/api-error';
import { checkConfigFile } from '../../api/install';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { DEFAULT_LANGUAGE } from '../../i18n';
import { STORAGE_KEYS, storage } from '../../utils/storage';
import { ConfigStep } from './ConfigStep';
import { DatabaseStep, INITIAL_DB } from './DatabaseStep';
import { applyInstallLanguage } from './install-language';
import { LanguageStep } from './LanguageStep';
import { SiteStep } from './SiteStep';

const STEPS = 5;
type Step = 1 | 2 | 3 | 4 | 5;
/** Before the wizard: still asking, already installed, or a config.yaml whose database is unreachable. */
type Status = 'checking' | 'wizard' | 'installed' | 'db_failed';

/** /install: the five-step installer (spec section 2), resuming where an earlier attempt stopped. */
export function InstallPage() {
  const { t } = useTranslation();
  usePageTitle(t('install.title'));
  const [status, setStatus] = useState<Status>('checking');
  const [step, setStep] = useState<Step>(1);
  const [lang, setLang] = useState(() => storage.get<string>(STORAGE_KEYS.language) ?? DEFAULT_LANGUAGE);
  const [db, setDb] = useState<DbSettings>(INITIAL_DB);

  useEffect(() => {
    // Also after a reload: the language picked earlier stays on screen and is what base-info sends.
    void applyInstallLanguage(lang);
  }, [lang]);

  useEffect(() => {
    let active = true;
    checkConfigFile().then(
      (found) => {
        if (!active) return;
        if (found.config_file_exist && !found.db_connection_success) return setStatus('db_failed');
        // A config.yaml that works means steps 1-3 already ran: only the site and admin are missing.
        if (found.config_file_exist) setStep(4);
        setStatus('wizard');
      },
      (e: unknown) => {
        if (!active) return;
        setStatus(isApiError(e) && e.reason === 'error.install.already_installed' ? 'installed' : 'wizard');
      },
    );
    return () => {
      active = false;
    };
  }, []);

  const chooseLanguage = async (value: string) => {
    await applyInstallLanguage(value);
    setLang(value);
    setStep(2);
  };

  return (
    <div className="container py-5" style={{ maxWidth: 640 }}>
      <h1 className="h3 mb-4">{t('install.title')}</h1>
      {status === 'checking' && <PageLoading />}
      {status === 'installed' && <Alert variant="info">{t('install.already_installed')}</Alert>}
      {status === 'db_failed' && <Alert variant="danger">{t('install.db_connection_failed')}</Alert>}
      {status === 'wizard' && (
        <>
          <p className="mb-1 small text-body-secondary" id="install-progress-label">
            {t('install.progress', { step, total: STEPS })}
          </p>
          <ProgressBar now={(step / STEPS) * 100} className="mb-4" aria-labelledby="install-progress-label" style={{ height: 6 }} />
          {step === 1 && <LanguageStep initial={lang} onNext={chooseLanguage} />}
          {step === 2 && <DatabaseStep value={db} onBack={() => setStep(1)} onNext={(value) => (setDb(value), setStep(3))} />}
          {step === 3 && <ConfigStep db={db} onBack={() => setStep(2)} onNext={() => setStep(4)} />}
          {step === 4 && <SiteStep lang={lang} onBack={() => setStep(3)} onDone={() => setStep(5)} />}
          {step === 5 && (
            <div data-testid="install-step-5">
              <h2 className="h5 mb-3">{t('install.done.title')}</h2>
              <p>{t('install.done.description')}</p>
              {/* A plain link: the site has to load afresh now that it is installed. */}
              <a href="/" className="btn btn-primary">
                {t('install.done.go_home')}
              </a>
            </div>
          )}
        </>
      )}
    </div>
  );
}
