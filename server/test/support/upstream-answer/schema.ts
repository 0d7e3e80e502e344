/**
 * Apache Answer's own schema, as its xorm entities (internal/entity/*_entity.go) and migrations
 * (internal/migrations/) create it, for building import sources in tests. Written from upstream's
 * tags v1.2.0, v1.4.0 and v2.0.2, not from our schema: the point is to read what the old site
 * really has (TIMESTAMP times, BOOL flags, BIGINT autoincrement ids, its column names).
 */
export type UpstreamDialect = 'sqlite3' | 'postgres' | 'mysql';

/** Schema versions (`version.version_number`): the count of upstream migrations applied. */
export const UPSTREAM_VERSIONS = { '1.2.0': 18, '1.4.0': 23, '2.0.2': 35 } as const;
export type UpstreamRelease = keyof typeof UPSTREAM_VERSIONS;

/** pk: autoincrement BIGINT key; key: BIGINT key given by the writer (object ids). */
type ColumnType = 'pk' | 'pk32' | 'key' | 'big' | 'int' | 'tiny' | 'bool' | 'time' | 'text' | 'mtext' | `varchar(${number})`;
type Column = [name: string, type: ColumnType, options?: { notNull?: boolean; default?: string; since?: UpstreamRelease }];
interface Table {
  name: string;
  since?: UpstreamRelease;
  columns: Column[];
  unique?: string[][];
}

const nn = { notNull: true };
const d0 = { notNull: true, default: '0' };
const d1 = { notNull: true, default: '1' };
const dEmpty = { notNull: true, default: "''" };
const stamps: Column[] = [
  ['created_at', 'time'],
  ['updated_at', 'time'],
];

const TABLES: Table[] = [
  { name: 'version', columns: [['id', 'pk32'], ['version_number', 'int', d0]] },
  { name: 'config', columns: [['id', 'pk32'], ['key', 'varchar(128)'], ['value', 'text']], unique: [['key']] },
  {
    name: 'user',
    columns: [
      ['id', 'pk'], ...stamps, ['suspended_at', 'time'], ['deleted_at', 'time'], ['last_login_date', 'time'],
      ['username', 'varchar(50)', dEmpty], ['pass', 'varchar(255)', dEmpty], ['e_mail', 'varchar(100)', nn],
      ['mail_status', 'tiny', { notNull: true, default: '2' }], ['notice_status', 'int', { notNull: true, default: '2' }],
      ['follow_count', 'int', d0], ['answer_count', 'int', d0], ['question_count', 'int', d0], ['rank', 'int', d0],
      ['status', 'int', d1], ['authority_group', 'int', d1], ['display_name', 'varchar(30)', dEmpty],
      ['avatar', 'varchar(1024)', dEmpty], ['mobile', 'varchar(20)', nn], ['bio', 'text', nn], ['bio_html', 'text', nn],
      ['website', 'varchar(255)', dEmpty], ['location', 'varchar(100)', dEmpty], ['ip_info', 'varchar(255)', dEmpty],
      ['is_admin', 'bool', { notNull: true, default: 'false' }], ['language', 'varchar(100)', dEmpty],
      ['color_scheme', 'varchar(100)', { ...dEmpty, since: '1.4.0' }], ['suspended_until', 'time', { since: '2.0.2' }],
    ],
    unique: [['username']],
  },
  { name: 'user_role_rel', columns: [['id', 'pk32'], ...stamps, ['user_id', 'big', d0], ['role_id', 'int', d0]] },
  {
    name: 'user_notification_config',
    columns: [['id', 'pk'], ...stamps, ['user_id', 'big', d0], ['source', 'varchar(64)', dEmpty], ['channels', 'text', nn], ['enabled', 'bool', { notNull: true, default: 'false' }]],
    unique: [['user_id', 'source']],
  },
  {
    name: 'user_external_login',
    columns: [['id', 'pk'], ...stamps, ['user_id', 'big', d0], ['provider', 'varchar(100)', dEmpty], ['external_id', 'varchar(128)', dEmpty], ['meta_info', 'text']],
  },
  { name: 'site_info', columns: [['id', 'pk32'], ...stamps, ['type', 'varchar(64)', nn], ['content', 'mtext', nn], ['status', 'int', d1]] },
  {
    name: 'tag',
    columns: [
      ['id', 'key'], ...stamps, ['main_tag_id', 'big', d0], ['main_tag_slug_name', 'varchar(35)', dEmpty], ['slug_name', 'varchar(35)', dEmpty],
      ['display_name', 'varchar(35)', dEmpty], ['original_text', 'mtext', nn], ['parsed_text', 'mtext', nn], ['follow_count', 'int', d0],
      ['question_count', 'int', d0], ['status', 'int', d1], ['recommend', 'bool', { notNull: true, default: 'false' }],
      ['reserved', 'bool', { notNull: true, default: 'false' }], ['revision_id', 'big', d0], ['user_id', 'big', d0],
    ],
    unique: [['slug_name']],
  },
  {
    name: 'question',
    columns: [
      ['id', 'key'], ['created_at', 'time', nn], ['updated_at', 'time'], ['user_id', 'big', d0], ['invite_user_id', 'text'], ['last_edit_user_id', 'big', d0],
      ['title', 'varchar(150)', dEmpty], ['original_text', 'mtext', nn], ['parsed_text', 'mtext', nn], ['pin', 'int', d1], ['show', 'int', d1],
      ['status', 'int', d1], ['view_count', 'int', d0], ['unique_view_count', 'int', d0], ['vote_count', 'int', d0], ['answer_count', 'int', d0],
      ['collection_count', 'int', d0], ['follow_count', 'int', d0], ['accepted_answer_id', 'big', d0], ['last_answer_id', 'big', d0],
      ['post_update_time', 'time'], ['revision_id', 'big', d0], ['hot_score', 'int', { ...d0, since: '1.4.0' }], ['linked_count', 'int', { ...d0, since: '2.0.2' }],
    ],
  },
  {
    name: 'answer',
    columns: [
      ['id', 'key'], ['created_at', 'time', nn], ['updated_at', 'time'], ['question_id', 'big', d0], ['user_id', 'big', d0], ['last_edit_user_id', 'big', d0],
      ['original_text', 'mtext', nn], ['parsed_text', 'mtext', nn], ['status', 'int', d1], ['adopted', 'int', d1], ['comment_count', 'int', d0],
      ['vote_count', 'int', d0], ['revision_id', 'big', d0],
    ],
  },
  {
    name: 'comment',
    columns: [
      ['id', 'key'], ...stamps, ['user_id', 'big', d0], ['reply_user_id', 'big'], ['reply_comment_id', 'big'], ['object_id', 'big', d0],
      ['question_id', 'big', d0], ['vote_count', 'int', d0], ['status', 'tiny', d0], ['original_text', 'mtext', nn], ['parsed_text', 'mtext', nn],
    ],
  },
  {
    name: 'tag_rel',
    columns: [['id', 'pk'], ...stamps, ['object_id', 'big', nn], ['tag_id', 'big', nn], ['status', 'int', d1]],
    unique: [['object_id', 'tag_id']],
  },
  {
    name: 'revision',
    columns: [
      ['id', 'pk'], ...stamps, ['user_id', 'big', d0], ['object_type', 'int', d0], ['object_id', 'big', d0], ['title', 'varchar(255)', dEmpty],
      ['content', 'mtext', nn], ['log', 'varchar(255)'], ['status', 'int', d1], ['review_user_id', 'big', d0],
    ],
  },
  {
    name: 'activity',
    columns: [
      ['id', 'pk'], ...stamps, ['cancelled_at', 'time'], ['user_id', 'big', nn], ['trigger_user_id', 'big', d0], ['object_id', 'big', d0],
      ['original_object_id', 'big', d0], ['activity_type', 'int', nn], ['cancelled', 'tiny', d0], ['rank', 'int', d0], ['has_rank', 'tiny', d0],
      ['revision_id', 'big', d0],
    ],
  },
  {
    name: 'collection_group',
    columns: [['id', 'pk'], ...stamps, ['user_id', 'big', d0], ['name', 'varchar(50)', dEmpty], ['default_group', 'int', d1]],
  },
  {
    name: 'collection',
    columns: [['id', 'key'], ...stamps, ['user_id', 'big', d0], ['object_id', 'big', d0], ['user_collection_group_id', 'big', d0]],
  },
  { name: 'meta', columns: [['id', 'pk32'], ...stamps, ['object_id', 'big', d0], ['key', 'varchar(100)', nn], ['value', 'mtext', nn]] },
  {
    name: 'report',
    columns: [
      ['id', 'key'], ...stamps, ['user_id', 'big', nn], ['object_id', 'big', nn], ['reported_user_id', 'big', d0], ['object_type', 'int', d0],
      ['report_type', 'int', d0], ['content', 'text', nn], ['flagged_type', 'int', d0], ['flagged_content', 'text'], ['status', 'int', d1],
    ],
  },
  {
    name: 'review',
    since: '1.4.0',
    columns: [
      ['id', 'pk'], ...stamps, ['user_id', 'big', nn], ['object_id', 'big', nn], ['object_type', 'int', d0], ['reviewer_user_id', 'big', d0],
      ['submitter', 'varchar(100)', dEmpty], ['reason', 'text', nn], ['status', 'int', d0],
    ],
  },
  {
    name: 'notification',
    columns: [
      ['id', 'pk'], ...stamps, ['user_id', 'big', d0], ['object_id', 'big', d0], ['content', 'text', nn], ['type', 'int', d0], ['msg_type', 'int', d0],
      ['is_read', 'int', d1], ['status', 'int', d1],
    ],
  },
  { name: 'badge_group', since: '1.4.0', columns: [['id', 'pk'], ['name', 'varchar(256)', dEmpty], ...stamps] },
  {
    name: 'badge',
    since: '1.4.0',
    columns: [
      ['id', 'key'], ...stamps, ['name', 'varchar(256)', dEmpty], ['icon', 'varchar(1024)', dEmpty], ['award_count', 'int', d0], ['description', 'mtext', nn],
      ['status', 'int', d1], ['badge_group_id', 'big', d0], ['level', 'tiny', d1], ['single', 'tiny', d1], ['collect', 'varchar(128)', dEmpty],
      ['handler', 'varchar(128)', dEmpty], ['param', 'text', nn],
    ],
  },
  {
    name: 'badge_award',
    since: '1.4.0',
    columns: [
      ['id', 'key'], ...stamps, ['user_id', 'big', nn], ['badge_id', 'big', nn], ['award_key', 'varchar(64)', nn], ['badge_group_id', 'big', nn],
      ['is_badge_deleted', 'tiny', nn],
    ],
  },
  {
    name: 'question_link',
    since: '2.0.2',
    columns: [
      ['id', 'pk'], ['created_at', 'time', nn], ['updated_at', 'time'], ['from_question_id', 'big', d0], ['from_answer_id', 'big'],
      ['to_question_id', 'big', d0], ['to_answer_id', 'big'], ['status', 'int', d1],
    ],
  },
];

const ORDER: UpstreamRelease[] = ['1.2.0', '1.4.0', '2.0.2'];
const present = (since: UpstreamRelease | undefined, release: UpstreamRelease) => !since || ORDER.indexOf(since) <= ORDER.indexOf(release);

function typeSql(type: ColumnType, dialect: UpstreamDialect): string {
  if (type.startsWith('varchar')) return type.toUpperCase();
  const table: Record<Exclude<ColumnType, `varchar(${number})`>, [string, string, string]> = {
    //        sqlite                               postgres      mysql
    pk: ['INTEGER PRIMARY KEY AUTOINCREMENT', 'BIGSERIAL PRIMARY KEY', 'BIGINT(20) NOT NULL AUTO_INCREMENT PRIMARY KEY'],
    pk32: ['INTEGER PRIMARY KEY AUTOINCREMENT', 'SERIAL PRIMARY KEY', 'INT(11) NOT NULL AUTO_INCREMENT PRIMARY KEY'],
    key: ['INTEGER PRIMARY KEY NOT NULL', 'BIGINT PRIMARY KEY NOT NULL', 'BIGINT(20) NOT NULL PRIMARY KEY'],
    big: ['BIGINT', 'BIGINT', 'BIGINT(20)'],
    int: ['INTEGER', 'INTEGER', 'INT(11)'],
    tiny: ['INTEGER', 'SMALLINT', 'TINYINT(4)'],
    bool: ['INTEGER', 'BOOL', 'TINYINT(1)'],
    time: ['DATETIME', 'TIMESTAMP', 'TIMESTAMP NULL'],
    text: ['TEXT', 'TEXT', 'TEXT'],
    mtext: ['TEXT', 'TEXT', 'MEDIUMTEXT'],
  };
  return table[type as keyof typeof table][dialect === 'sqlite3' ? 0 : dialect === 'postgres' ? 1 : 2];
}

const quote = (name: string, dialect: UpstreamDialect) => (dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);

/** CREATE TABLE statements of upstream's schema at `release`, for one database. */
export function upstreamDdl(dialect: UpstreamDialect, release: UpstreamRelease): string[] {
  const statements: string[] = [];
  for (const table of TABLES.filter((t) => present(t.since, release))) {
    const columns = table.columns
      .filter(([, , o]) => present(o?.since, release))
      .map(([name, type, o]) => {
        let def = `${quote(name, dialect)} ${typeSql(type, dialect)}`;
        if (o?.notNull) def += ' NOT NULL';
        if (o?.default !== undefined) def += ` DEFAULT ${type === 'bool' && dialect !== 'postgres' ? (o.default === 'false' ? '0' : '1') : o.default}`;
        return def;
      });
    for (const [i, cols] of (table.unique ?? []).entries()) columns.push(`CONSTRAINT ${quote(`UQE_${table.name}_${i}`, dialect)} UNIQUE (${cols.map((c) => quote(c, dialect)).join(', ')})`);
    statements.push(`CREATE TABLE ${quote(table.name, dialect)} (${columns.join(', ')})${dialect === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4' : ''}`);
  }
  return statements;
}

/** The columns a table has at `release` (what fill.ts may write). */
export function upstreamColumns(table: string, release: UpstreamRelease): Set<string> {
  const t = TABLES.find((x) => x.name === table);
  if (!t || !present(t.since, release)) return new Set();
  return new Set(t.columns.filter(([, , o]) => present(o?.since, release)).map(([name]) => name));
}
