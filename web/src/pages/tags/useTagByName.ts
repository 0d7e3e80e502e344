import { useQuery } from '@tanstack/react-query';
import { getTagByName } from '../../api/tags';

/** The tag of a tag page's address (shared with the info page, so moving between them loads nothing). */
export const useTagByName = (name: string) =>
  useQuery({ queryKey: ['tag', 'name', name], queryFn: ({ signal }) => getTagByName(name, signal), enabled: name.length > 0 });
