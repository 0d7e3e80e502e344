import { type RefObject, useEffect } from 'react';
import { usePluginParts } from './parts';

/**
 * Runs the plugins' renderers over a post body once its HTML is in the page, and again when the
 * HTML or the renderers change, each time after the clean-ups of the previous run.
 */
export function usePluginRenderers(body: RefObject<HTMLElement | null>, html: string): void {
  const { renderers } = usePluginParts();
  useEffect(() => {
    const element = body.current;
    if (!element || !renderers.length) return;
    const cleanUps = renderers.map((renderer) => renderer.render(element));
    return () => {
      for (const cleanUp of cleanUps) cleanUp?.();
    };
  }, [body, html, renderers]);
}
