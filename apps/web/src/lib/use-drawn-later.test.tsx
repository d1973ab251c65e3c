// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useDrawnLater } from './use-drawn-later';

interface Commit {
  arrived: string | undefined;
  drawn: string | undefined;
  pending: boolean;
}

/** A screen drawn from one query; it logs what each commit showed. */
function Screen({ answers, commits }: { answers: (() => Promise<string>)[]; commits: Commit[] }) {
  const query = useQuery({
    queryKey: ['answer'],
    queryFn: () => (answers.shift() as () => Promise<string>)(),
  });
  const drawn = useDrawnLater(query);
  useEffect(() => {
    commits.push({ arrived: query.data, drawn: drawn.data, pending: drawn.isPending });
  });
  return drawn.isPending ? <p>Loading</p> : <p>{drawn.data}</p>;
}

/** An answer that arrives when `arrive` is called. */
function deferredAnswer(value: string) {
  let arrive = () => {};
  const answer = () =>
    new Promise<string>((resolve) => {
      arrive = () => resolve(value);
    });
  return { answer, arrive: () => arrive() };
}

function renderScreen(answers: (() => Promise<string>)[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const commits: Commit[] = [];
  render(
    <QueryClientProvider client={client}>
      <Screen answers={answers} commits={commits} />
    </QueryClientProvider>,
  );
  return { client, commits };
}

describe('useDrawnLater', () => {
  it('keeps the skeleton in the commit the answer arrives in, then draws the answer', async () => {
    const first = deferredAnswer('first answer');
    const { commits } = renderScreen([first.answer]);
    expect(screen.getByText('Loading')).toBeTruthy();

    await act(async () => first.arrive());
    await screen.findByText('first answer');

    const arrival = commits.findIndex((commit) => commit.arrived !== undefined);
    // The answer's own commit still shows the skeleton; the screen follows in a later one.
    expect(commits[arrival]).toEqual({ arrived: 'first answer', drawn: undefined, pending: true });
    await waitFor(() =>
      expect(commits.at(-1)).toEqual({
        arrived: 'first answer',
        drawn: 'first answer',
        pending: false,
      }),
    );
  });

  it('shows the earlier answer until a refetched one is drawn', async () => {
    const first = deferredAnswer('first answer');
    const second = deferredAnswer('second answer');
    const { client, commits } = renderScreen([first.answer, second.answer]);
    await act(async () => first.arrive());
    await screen.findByText('first answer');

    await act(async () => {
      void client.invalidateQueries({ queryKey: ['answer'] });
    });
    await waitFor(() => expect(commits.at(-1)?.arrived).toBe('first answer'));
    await act(async () => second.arrive());
    await screen.findByText('second answer');

    const arrival = commits.findIndex((commit) => commit.arrived === 'second answer');
    expect(commits[arrival]).toEqual({
      arrived: 'second answer',
      drawn: 'first answer',
      pending: false,
    });
  });
});
