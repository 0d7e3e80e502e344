import { type CSSProperties, type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';

interface Props {
  /** The search of the address. */
  query: string;
  /** Where a search goes (the first page of its results). */
  hrefOf: (query: string) => string;
  label: string;
  placeholder: string;
  submitLabel: string;
  inputStyle?: CSSProperties;
  maxLength?: number;
}

/** The search box over an admin list: submitting goes to the address of the trimmed search. */
export function AdminSearchForm({ query, hrefOf, label, placeholder, submitLabel, inputStyle, maxLength }: Props) {
  const navigate = useNavigate();
  const [text, setText] = useState(query);
  const [seen, setSeen] = useState(query);
  // A new address (Back, a tab, the clear link) refills the box.
  if (seen !== query) {
    setSeen(query);
    setText(query);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(hrefOf(text.trim()));
  };
  return (
    <form className="d-flex gap-2" role="search" onSubmit={submit}>
      <input
        type="search"
        className="form-control form-control-sm"
        style={inputStyle}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label={label}
        placeholder={placeholder}
        maxLength={maxLength}
      />
      <Button type="submit" size="sm" variant="outline-secondary">
        {submitLabel}
      </Button>
    </form>
  );
}
