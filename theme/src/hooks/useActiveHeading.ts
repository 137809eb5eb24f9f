import { useEffect, useState } from 'react';

/**
 * The id of the heading being read: the last one whose top has passed just below the navbar.
 * Near the bottom of the page the last heading wins, since it may never reach the top.
 */
export function useActiveHeading(ids: string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  const key = ids.join('\n');

  useEffect(() => {
    if (ids.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const navbar = document.querySelector('.dg-navbar');
      const offset = (navbar?.getBoundingClientRect().height ?? 0) + 16;
      const headings = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
      let current: string | null = headings[0]?.id ?? null;
      for (const heading of headings) {
        if (heading.getBoundingClientRect().top <= offset) current = heading.id;
        else break;
      }
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom && headings.length > 0 && window.scrollY > 0) current = headings[headings.length - 1].id;
      setActive(current);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `ids`
  }, [key]);

  return active;
}
