import type { SiteInfo } from '@answer/contract';
import type { PluginStatus, UcAgent } from '../api/types';
import { createStore, useStore } from './store';

/** Site settings from GET siteinfo; null until start-up loaded them (or when it failed). */
export const siteStore = createStore<SiteInfo | null>(null);
export const agentStore = createStore<UcAgent | null>(null);
export const pluginStore = createStore<PluginStatus[]>([]);

export const useSiteInfo = () => useStore(siteStore);
export const useAgent = () => useStore(agentStore);
export const usePlugins = () => useStore(pluginStore);

/** The site name shown in the header, titles and footer. */
export const useSiteName = () => useSiteInfo()?.general.name ?? '';
