// After an action removes what had the focus (a review approved off its tab, an address removed), the
// focus would fall to the page's body and a keyboard user would start again from the top: it goes to
// the element that says the action's result instead.
import { type RefObject, useEffect } from 'react';

export function useFocusWhenLost(target: RefObject<HTMLElement | null>, message: string): void {
  useEffect(() => {
    if (!message) return;
    // After the dialog that asked has closed and given the focus back (or lost it).
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) target.current?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [message, target]);
}
