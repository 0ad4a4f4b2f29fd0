// Put a React node where a catalogue string has its {{placeholder}}, keeping the word order of each language.
import type { ReactNode } from 'react';

const MARK = '\u0000';

export function withNode(translate: (mark: string) => string, node: ReactNode): ReactNode {
  const [before, after = ''] = translate(MARK).split(MARK);
  return (
    <>
      {before}
      {node}
      {after}
    </>
  );
}
