import type { SiteGroupValues } from '../../api/admin-settings';
import { DEFAULT_PRIMARY_COLOR } from '../../app/primary-color';

/** The themes page edits the chosen theme's settings as flat fields. */
export interface ThemeForm {
  theme: SiteGroupValues<'theme'>['theme'];
  navbar_style: 'colored' | 'light';
  primary_color: string;
  color_scheme: SiteGroupValues<'theme'>['color_scheme'];
  /** The other themes' settings, kept as they were. */
  others: SiteGroupValues<'theme'>['theme_config'];
}

export const themeForm = {
  toForm(values: SiteGroupValues<'theme'>): ThemeForm {
    const { [values.theme]: current, ...others } = values.theme_config ?? {};
    return {
      theme: values.theme,
      navbar_style: current?.navbar_style ?? 'colored',
      primary_color: current?.primary_color ?? DEFAULT_PRIMARY_COLOR,
      color_scheme: values.color_scheme,
      others,
    };
  },
  fromForm(form: ThemeForm) {
    return {
      theme: form.theme,
      theme_config: { ...form.others, [form.theme]: { navbar_style: form.navbar_style, primary_color: form.primary_color } },
      color_scheme: form.color_scheme,
    };
  },
};
