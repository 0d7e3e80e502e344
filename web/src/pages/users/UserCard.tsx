import { UserLink, type LinkedUser } from '../../components/UserLink';

/** A person in a directory list: avatar and name as one link, and what they are listed for. */
export function UserCard({ user, detail }: { user: LinkedUser; detail: string }) {
  return (
    <li className="col" data-testid="user-card">
      <div className="d-flex flex-column gap-1 p-2 border rounded h-100">
        <UserLink user={user} avatarSize={40} className="fw-semibold text-break text-decoration-none" />
        <span className="small text-body-secondary">{detail}</span>
      </div>
    </li>
  );
}
