import { type BaseInfo, type ConfigFileCheckResp, type DbSettings, INSTALL_PREFIX, type LanguageOption } from '@answer/contract';
import { get, post } from './client';

// Installer calls handle their own errors: they show them inside the wizard, not as toasts.
const quiet = { passingError: true, ignore50x: true } as const;

export const getInstallLanguageOptions = () => get<LanguageOption[]>(`${INSTALL_PREFIX}/language/options`, quiet);

export const checkDatabase = (settings: DbSettings) => post<unknown>(`${INSTALL_PREFIX}/db/check`, settings, quiet);

export const checkConfigFile = () => post<ConfigFileCheckResp>(`${INSTALL_PREFIX}/config-file/check`, undefined, quiet);

/** Writes config.yaml and creates the tables; fails with data.create_config_failed when the file cannot be written. */
export const initConfig = (settings: DbSettings) => post<unknown>(`${INSTALL_PREFIX}/init`, settings, quiet);

export const installBaseInfo = (info: BaseInfo) => post<unknown>(`${INSTALL_PREFIX}/base-info`, info, quiet);
