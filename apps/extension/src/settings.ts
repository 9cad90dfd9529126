/** Where the seller's server is and the personal access token it gave (chrome.storage.local). */
export type Settings = { server: string; token: string };

export async function loadSettings(): Promise<Settings | null> {
  const stored = (await chrome.storage.local.get(['server', 'token'])) as Partial<Settings>;
  if (typeof stored.server !== 'string' || typeof stored.token !== 'string') return null;
  if (stored.server === '' || stored.token === '') return null;
  return { server: stored.server, token: stored.token };
}

export async function saveSettings(settings: Settings): Promise<void> {
  await chrome.storage.local.set(settings);
}
