import type { ConfigFieldWire } from '@answer/plugin-sdk';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { TimeZoneSelect } from '../TimeZoneSelect';
import { FieldFrame, RequiredMark, fieldIds } from './FieldFrame';
import { type FieldValue, isMultiCheckbox, toggleOption } from './form-values';
import { UploadField } from './UploadField';

interface ConfigFieldProps {
  field: ConfigFieldWire;
  value: FieldValue | undefined;
  error?: string;
  onChange: (value: FieldValue) => void;
}

/** One valued field of a plugin's config form, drawn for its type (PluginForm draws legends and buttons). */
export function ConfigField({ field, value, error, onChange }: ConfigFieldProps) {
  const { t } = useTranslation();
  const { id, describedBy } = fieldIds(field, error);
  const invalid = Boolean(error);
  const text = typeof value === 'string' ? value : '';
  const placeholder = field.ui_options.placeholder;
  const choose = placeholder || t('plugin_form.choose');
  const control = { id, required: field.required, 'aria-describedby': describedBy };

  switch (field.type) {
    case 'textarea':
      return (
        <FieldFrame field={field} error={error}>
          <Form.Control
            {...control}
            as="textarea"
            rows={Number(field.ui_options.rows) || 3}
            className={field.ui_options.field_class_name}
            placeholder={placeholder}
            isInvalid={invalid}
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        </FieldFrame>
      );
    case 'select':
      return (
        <FieldFrame field={field} error={error}>
          <Form.Select {...control} className={field.ui_options.field_class_name} isInvalid={invalid} value={text} onChange={(e) => onChange(e.target.value)}>
            <option value="">{choose}</option>
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </FieldFrame>
      );
    case 'timezone':
      return (
        <FieldFrame field={field} error={error}>
          <TimeZoneSelect {...control} isInvalid={invalid} value={text} emptyLabel={choose} onChange={onChange} />
        </FieldFrame>
      );
    case 'upload':
      return (
        <FieldFrame field={field} error={error}>
          <UploadField id={id} value={text} invalid={invalid} describedBy={describedBy} onChange={onChange} />
        </FieldFrame>
      );
    case 'radio':
      return (
        <FieldFrame field={field} error={error} group>
          {field.options.map((option, i) => (
            <Form.Check
              key={option.value}
              type="radio"
              id={`${id}-${i}`}
              name={field.name}
              label={option.label}
              value={option.value}
              checked={text === option.value}
              required={field.required}
              isInvalid={invalid}
              onChange={() => onChange(option.value)}
            />
          ))}
        </FieldFrame>
      );
    case 'checkbox':
      if (isMultiCheckbox(field)) {
        const ticked = Array.isArray(value) ? value : [];
        return (
          <FieldFrame field={field} error={error} group>
            {field.options.map((option, i) => (
              <Form.Check
                key={option.value}
                type="checkbox"
                id={`${id}-${i}`}
                name={field.name}
                label={option.label}
                value={option.value}
                checked={ticked.includes(option.value)}
                isInvalid={invalid}
                onChange={(e) => onChange(toggleOption(field, ticked, option.value, e.target.checked))}
              />
            ))}
          </FieldFrame>
        );
      }
      return <OnOff field={field} type="checkbox" on={value === true} error={error} onChange={onChange} />;
    case 'switch':
      return <OnOff field={field} type="switch" on={value === true} error={error} onChange={onChange} />;
    default: {
      const type = field.ui_options.input_type ?? 'text';
      if (type === 'range') {
        return (
          <FieldFrame field={field} error={error}>
            <div className="d-flex align-items-center gap-3">
              <Form.Range {...control} className={field.ui_options.field_class_name} value={text} onChange={(e) => onChange(e.target.value)} />
              <output htmlFor={id} className="text-body-secondary">
                {text}
              </output>
            </div>
          </FieldFrame>
        );
      }
      return (
        <FieldFrame field={field} error={error}>
          <Form.Control
            {...control}
            type={type}
            // A colour input shows a swatch, not text: no hint, and Bootstrap's narrow width.
            className={`${type === 'color' ? 'form-control-color' : ''} ${field.ui_options.field_class_name ?? ''}`}
            placeholder={type === 'color' ? undefined : placeholder}
            isInvalid={invalid}
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        </FieldFrame>
      );
    }
  }
}

interface OnOffProps {
  field: ConfigFieldWire;
  type: 'checkbox' | 'switch';
  on: boolean;
  error?: string;
  onChange: (on: boolean) => void;
}

/** One box or a switch, its label beside it: the field's own label (the title then above), else the title. */
function OnOff({ field, type, on, error, onChange }: OnOffProps) {
  const { id, describedBy } = fieldIds(field, error);
  const label = field.ui_options.label || field.options[0]?.label;
  return (
    <FieldFrame field={field} error={error} title={Boolean(label)}>
      <Form.Check
        type={type}
        id={id}
        name={field.name}
        label={
          label || (
            <>
              {field.title}
              <RequiredMark required={field.required} />
            </>
          )
        }
        checked={on}
        isInvalid={Boolean(error)}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.checked)}
      />
    </FieldFrame>
  );
}
