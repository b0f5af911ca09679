// Spec core §2: the browser back button is disabled at first load. A sentinel entry sits under the first page;
// stepping back onto it goes forward again before the router sees the event.
const SENTINEL = 'openGstFirstLoad';

export const disableBackAtFirstLoad = (): void => {
  window.history.replaceState({ [SENTINEL]: true }, '');
  window.history.pushState(null, '', window.location.href);
  window.addEventListener('popstate', (event) => {
    if ((event.state as Record<string, unknown> | null)?.[SENTINEL]) {
      event.stopImmediatePropagation();
      window.history.go(1);
    }
  });
};
