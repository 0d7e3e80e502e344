import type { PostSource as Source } from '@answer/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/translator';

/** Creative Commons deed of a licence as dumps name it ("CC BY-SA 3.0"); unversioned ones get the current deed. */
export function licenseUrl(license: string): string {
  const version = /(\d\.\d)/.exec(license)?.[1] ?? '4.0';
  return `https://creativecommons.org/licenses/by-sa/${version}/`;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * The attribution of an imported post (CC BY-SA asks for it): the original's site, its author and
 * licence, each a link. The sentence is translated whole, with the three links put where the
 * language places {{site}}, {{author}} and {{license}}.
 */
export function PostSource({ source }: { source: Source }) {
  const { t } = useTranslation();
  const author = source.author_name || t('question.source.unknown_author');
  const parts: Record<string, ReactNode> = {
    site: (
      <a href={source.url} rel="nofollow noopener" data-testid="post-source-link">
        {hostOf(source.url)}
      </a>
    ),
    author: source.author_url ? (
      <a href={source.author_url} rel="nofollow noopener" data-testid="post-source-author">
        {author}
      </a>
    ) : (
      author
    ),
    license: (
      <a href={licenseUrl(source.license)} rel="license noopener" data-testid="post-source-license">
        {source.license}
      </a>
    ),
  };
  const sentence = t('question.source.text').split(/(\{\{\s*\w+\s*\}\})/);
  return (
    <p className="small text-body-secondary mb-3" aria-label={t('question.source.label')} data-testid="post-source">
      {sentence.map((piece, i) => {
        const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(piece)?.[1];
        return <span key={i}>{name && name in parts ? parts[name] : piece}</span>;
      })}
    </p>
  );
}
