import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

// tailwind-merge builds its table of Tailwind's classes on its first call: about 15 ms on a
// desktop, four times that on a slow phone. Built in a task of its own as the app loads, while
// the first screen's code and data are on their way, it stays out of that screen's first render
// (decision 061).
setTimeout(() => twMerge(''), 0);
