import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with elements inside it, wherever each language puts them: the
 * sentence comes with `{name}` markers (`t(key, { terms: '{terms}' })`), each replaced by
 * `parts[name]`. A marker without a part stays as written.
 */
export function SentenceWithParts({
  sentence,
  parts,
}: {
  sentence: string;
  parts: Readonly<Record<string, ReactNode>>;
}) {
  const pieces = sentence.split(/(\{\w+\})/);
  return (
    <>
      {pieces.map((piece, index) => {
        const name = /^\{(\w+)\}$/.exec(piece)?.[1];
        const part = name === undefined ? undefined : parts[name];
        // The pieces of one sentence keep their order: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never move.
        return <Fragment key={index}>{part ?? piece}</Fragment>;
      })}
    </>
  );
}
