import type { RankedUser } from '../../api/people';
import { UserCard } from './UserCard';

interface Props {
  id: string;
  title: string;
  users: RankedUser[];
  /** The figure shown under each name (reputation or votes). */
  detailOf: (user: RankedUser) => string;
  /** Said instead of an empty grid. */
  empty: string;
}

/** One list of the directory (domain.md 11.5) as a grid of cards. */
export function RankingSection({ id, title, users, detailOf, empty }: Props) {
  return (
    <section className="mb-4" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="h5 mb-3">
        {title}
      </h2>
      {users.length ? (
        <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-2">
          {users.map((user) => (
            <UserCard key={user.username} user={user} detail={detailOf(user)} />
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary">{empty}</p>
      )}
    </section>
  );
}
