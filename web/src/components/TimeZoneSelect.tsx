import Form from 'react-bootstrap/Form';

/** Every IANA zone the browser knows; older browsers lack the list, and the field then takes a typed name. */
const TIME_ZONES: string[] = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];

interface TimeZoneSelectProps {
  value: string;
  onChange: (zone: string) => void;
  isInvalid?: boolean;
  /** An empty first choice with this text (for a zone that may be left unset). */
  emptyLabel?: string;
  id?: string;
  required?: boolean;
  'aria-describedby'?: string;
}

/** A choice of time zone; its id comes from the surrounding Form.Group's controlId unless given. */
export function TimeZoneSelect({ value, onChange, emptyLabel, ...control }: TimeZoneSelectProps) {
  if (!TIME_ZONES.length) return <Form.Control {...control} value={value} onChange={(e) => onChange(e.target.value)} />;
  // A stored zone the list lacks (UTC on some browsers) stays choosable.
  const zones = value && !TIME_ZONES.includes(value) ? [value, ...TIME_ZONES] : TIME_ZONES;
  return (
    <Form.Select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      ))}
    </Form.Select>
  );
}
