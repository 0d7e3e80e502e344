import { useTranslation } from '../i18n/translator';
import { useSiteInfo } from '../state/site';

/** True when the site has no mail server: forms that would mail a link show `NoMailServer` instead. */
export function useNoMailServer(): boolean {
  return useSiteInfo()?.smtp_configured === false;
}

/**
 * Says plainly that this site sends no e-mail and whom to ask, rather than promising a link that
 * never arrives. `message` is what could not be sent and what the person can do instead.
 */
export function NoMailServer({ message }: { message: string }) {
  const { t } = useTranslation();
  const contact = useSiteInfo()?.general.contact_email;
  return (
    <div data-testid="no-mail-server">
      <p>{message}</p>
      {contact && (
        <p className="small">
          {t('account.inactive.contact_admin')} <a href={`mailto:${contact}`}>{contact}</a>
        </p>
      )}
    </div>
  );
}
