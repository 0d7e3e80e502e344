import type { ReactElement } from 'react';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';

/** Who reacted, over a reaction button on hover and focus (no tooltip while nobody did). */
export function ReactionTooltip({ id, text, children }: { id: string; text: string | undefined; children: ReactElement }) {
  return (
    <OverlayTrigger placement="top" trigger={text ? ['hover', 'focus'] : []} overlay={<Tooltip id={id}>{text}</Tooltip>}>
      {children}
    </OverlayTrigger>
  );
}
