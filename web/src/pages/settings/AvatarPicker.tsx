import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { uploadAvatar } from '../../api/settings';
import { isApiError } from '../../api/api-error';
import { Avatar } from '../../components/Avatar';
import { imageProblem } from '../../components/editor/image-files';

export const AVATAR_CHOICES = ['system', 'gravatar', 'custom'] as const;

interface AvatarPickerProps {
  type: string;
  custom: string;
  gravatar: string;
  name: string;
  /** The username: the generated avatar's colour, as every page shows it. */
  seed: string;
  disabled: boolean;
  error?: string;
  onChange: (type: string, custom: string) => void;
}

/** The profile picture: the generated initials ("system"), the Gravatar of the address, or an uploaded image. */
export function AvatarPicker({ type, custom, gravatar, name, seed, disabled, error, onChange }: AvatarPickerProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState('');
  const preview = type === 'custom' ? custom : type === 'gravatar' ? gravatar : '';

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageProblem(file);
    setUploadError(problem ? t(problem) : '');
    if (problem) return;
    setUploading(true);
    try {
      onChange('custom', await uploadAvatar(file));
    } catch (e) {
      setUploadError(isApiError(e) && e.msg ? e.msg : t('common.request_failed'));
    } finally {
      setUploading(false);
    }
  };

  const shownError = uploadError || error;
  return (
    <fieldset className="mb-3" disabled={disabled} aria-describedby={shownError ? 'avatar-error' : undefined}>
      <legend className="form-label fs-6">{t('settings.profile_page.avatar')}</legend>
      <div className="d-flex gap-3 align-items-start">
        <Avatar src={preview} name={name} size={64} seed={seed} />
        <div>
          {AVATAR_CHOICES.map((choice) => (
            <Form.Check
              key={choice}
              type="radio"
              name="avatar_type"
              id={`avatar-${choice}`}
              label={t(`settings.profile_page.avatar_${choice}`)}
              checked={type === choice}
              onChange={() => onChange(choice, custom)}
            />
          ))}
          {type === 'custom' && (
            <Form.Group controlId="field-avatar_file" className="mt-2">
              <Form.Label className="small">{t('settings.profile_page.avatar_upload')}</Form.Label>
              <Form.Control type="file" size="sm" accept="image/*" disabled={uploading} onChange={(e) => void upload((e.target as HTMLInputElement).files?.[0])} />
            </Form.Group>
          )}
        </div>
      </div>
      {shownError && (
        <div id="avatar-error" className="invalid-feedback d-block">
          {shownError}
        </div>
      )}
    </fieldset>
  );
}
