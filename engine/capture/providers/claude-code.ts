/**
 * The Claude Code adapter (adapter.ts), the first provider on the registry (index.ts): its hooks'
 * payloads and output forms (claude-code-hooks.ts), its settings files (claude-code-settings.ts) and its
 * project MCP configuration (claude-code-mcp.ts), put together.
 */
import type { ProviderAdapter } from './adapter';
import {
  CONTEXT_CAP,
  DISPLAY_NAME,
  denyToolCall,
  noticeOutput,
  PROJECT_DIR_VARIABLE,
  PROVIDER,
  readHookCall,
  readPromptCall,
  readToolCall,
  sessionStartOutput,
} from './claude-code-hooks';
import { mergeMcpFile } from './claude-code-mcp';
import {
  hooksOff,
  installText,
  LOCAL_SETTINGS_FILE,
  managedSettingsFile,
  parseSettings,
  probeRequests,
  SETTINGS_FILE,
  USER_SETTINGS,
  uninstallText,
  wantedHooks,
  wiringOf,
} from './claude-code-settings';

export const adapter: ProviderAdapter = {
  name: PROVIDER,
  displayName: DISPLAY_NAME,
  projectDirVariable: PROJECT_DIR_VARIABLE,
  contextCap: CONTEXT_CAP,
  readHookCall,
  readPromptCall,
  readToolCall,
  sessionStartOutput,
  noticeOutput,
  denyToolCall,
  settings: {
    file: SETTINGS_FILE,
    localFile: LOCAL_SETTINGS_FILE,
    userFile: USER_SETTINGS,
    managedFile: managedSettingsFile,
    parse: parseSettings,
    wantedHooks,
    installText,
    uninstallText,
    wiringOf,
    hooksOff,
    probeRequests,
  },
  mcp: mergeMcpFile,
};
