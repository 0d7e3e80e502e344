import Dropdown from 'react-bootstrap/Dropdown';
import type { PostAction } from './PostMenu';

type MoreAction = Exclude<PostAction, 'edit'>;

interface PostMoreMenuProps {
  label: string;
  disabled: boolean;
  items: { action: MoreAction; label: string }[];
  onChoose: (action: MoreAction) => void;
}

/** The rarely used list operations of a post (pin, hide...), behind "More": only moderators see it. */
export function PostMoreMenu({ label, disabled, items, onChoose }: PostMoreMenuProps) {
  return (
    <Dropdown>
      <Dropdown.Toggle variant="link" size="sm" className="p-0 link-secondary" disabled={disabled}>
        {label}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {items.map(({ action, label: itemLabel }) => (
          <Dropdown.Item key={action} as="button" type="button" onClick={() => onChoose(action)}>
            {itemLabel}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
