/** Shapes shared by questions, answers and comments (domain.md 4.4, 5.3-5.6). */

export interface TagBrief {
  slug_name: string;
  display_name: string;
  main_tag_slug_name?: string;
  recommend?: boolean;
  reserved?: boolean;
}

/** The author card embedded in posts and lists. */
export interface UserBrief {
  id?: string;
  username: string;
  display_name: string;
  avatar?: string;
  rank?: number;
  status?: string;
}

/** What the viewer may do with an object; the server decides, the page only shows it. */
export interface MemberAction {
  action: 'edit' | 'delete' | string;
  name: string;
  type: string;
}

export interface PageOf<T> {
  count: number;
  list: T[];
}

/** Reply of an edit: a suggested edit waits for a reviewer before it shows. */
export interface EditResult {
  wait_for_review: boolean;
  url_title?: string;
}
