import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { getLegal } from '../../api/common';
import type { LegalType } from '../../api/types';
import { HtmlBlock } from '../../components/HtmlBlock';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';

function LegalPage({ type }: { type: LegalType }) {
  const { t } = useTranslation();
  const title = t(type === 'tos' ? 'legal.tos' : 'legal.privacy');
  usePageTitle(title);
  const legal = useQuery({ queryKey: ['legal', type], queryFn: ({ signal }) => getLegal(type, signal) });
  const html = type === 'tos' ? legal.data?.terms_of_service_parsed_text : legal.data?.privacy_policy_parsed_text;
  return (
    <article className="mx-auto" style={{ maxWidth: 800 }}>
      <h1 className="h3 mb-4">{title}</h1>
      {legal.isPending ? (
        <PageLoading />
      ) : html ? (
        <HtmlBlock html={html} />
      ) : (
        <p className="text-body-secondary">{t('legal.empty')}</p>
      )}
    </article>
  );
}

export const TermsOfService = () => <LegalPage type="tos" />;
export const PrivacyPolicy = () => <LegalPage type="privacy" />;
