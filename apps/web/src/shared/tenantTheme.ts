// Spec core §1: the tenant's folder name selects the favicon, a theme attribute and a style class on <html>.
export const faviconPath = (folderName: string): string => (folderName ? `/images/${folderName}/favicon.ico` : '/images/favicon.ico');

export const applyTenantTheme = (folderName: string): void => {
  const root = document.documentElement;
  for (const name of [...root.classList]) if (name.startsWith('theme-')) root.classList.remove(name);
  if (folderName) {
    root.setAttribute('data-tenant-theme', folderName);
    root.classList.add(`theme-${folderName}`);
  } else {
    root.removeAttribute('data-tenant-theme');
  }
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link) link.href = faviconPath(folderName);
};
