import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Skeleton, SkeletonStack } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { currentLanguage, type Language } from '@/lib/i18n';
import { type LegalBlock, parseLegalMarkdown } from '../lib/legal-markdown';

export type LegalDocumentName = 'terms' | 'privacy';

/**
 * The texts, one Markdown file per document and language (`documents/terms.ko.md`), each a chunk
 * of its own that loads with its page. The operator replaces them (docs/development.md).
 */
const documents = import.meta.glob<string>('../documents/*.md', {
  query: '?raw',
  import: 'default',
});

/** The document in `language`, or in English when that language has none. */
function documentLoader(name: LegalDocumentName, language: Language) {
  const own = documents[`../documents/${name}.${language}.md`];
  if (own) return { load: own, language };
  const english = documents[`../documents/${name}.en.md`];
  return english ? { load: english, language: 'en' as const } : undefined;
}

const otherDocument: Record<LegalDocumentName, LegalDocumentName> = {
  terms: 'privacy',
  privacy: 'terms',
};

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case 'heading':
      return block.level === 2 ? (
        <h2 className="mt-4 text-lg font-semibold">{block.text}</h2>
      ) : (
        <h3 className="mt-2 font-semibold">{block.text}</h3>
      );
    case 'note':
      return (
        <p
          className="rounded-md border border-warning/40 bg-warning/10 px-4 py-3 text-sm"
          data-testid="legal-placeholder-note"
        >
          {block.text}
        </p>
      );
    case 'list':
      return (
        <ul className="grid list-disc gap-1 pl-5">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    default:
      return <p>{block.text}</p>;
  }
}

/** /terms and /privacy: open to everyone, signed in or not, in the seller's language. */
export function LegalPage({ document }: { document: LegalDocumentName }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n.resolvedLanguage);
  const [shown, setShown] = useState<{ key: string; language: Language; blocks: LegalBlock[] }>();
  const key = `${document}.${language}`;

  useEffect(() => {
    const source = documentLoader(document, language);
    if (!source) return;
    let current = true;
    source
      .load()
      .then((text) => {
        if (current) setShown({ key, language: source.language, blocks: parseLegalMarkdown(text) });
      })
      .catch((error: unknown) => console.warn('[legal] The document failed to load:', error));
    return () => {
      current = false;
    };
  }, [document, language, key]);

  const other = otherDocument[document];
  return (
    <AuthLayout keepSession>
      <article
        className="grid w-full max-w-3xl gap-4 rounded-xl border bg-card p-6 leading-relaxed shadow-sm sm:p-10"
        data-testid={`legal-${document}`}
      >
        <h1 className="text-3xl font-bold tracking-tight">{t(`legal.${document}`)}</h1>
        {shown?.key === key ? (
          <div className="grid gap-3" lang={shown.language} data-testid="legal-text">
            {shown.blocks.map((block, index) => (
              // The blocks never move: their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: a document's blocks are fixed.
              <Block key={index} block={block} />
            ))}
          </div>
        ) : (
          <div aria-busy="true">
            <span className="sr-only">{t('legal.loading')}</span>
            <Skeleton className="h-16 w-full" />
            <SkeletonStack className="mt-4" bars={['h-5 w-1/3', 'h-4 w-full', 'h-4 w-5/6']} />
          </div>
        )}
        <nav aria-label={t('legal.otherDocuments')} className="border-t pt-4 text-sm">
          <Link
            to={paths[other].href()}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t(`legal.${other}`)}
          </Link>
        </nav>
      </article>
    </AuthLayout>
  );
}
