import { ComingSoon } from '../../components/ComingSoon';

export { EditTag } from './EditTag';

export const TagList = () => <ComingSoon titleKey="tags.title" />;
export const CreateTag = () => <ComingSoon titleKey="tags.create" />;
export const TagDetail = () => <ComingSoon titleKey="tags.detail" />;
export const TagInfo = () => <ComingSoon titleKey="tags.info" />;
