// The settings in force, kept current: read at start, read again when the file changes (a watch on
// its directory, so editors that replace the file are seen) or on `tessera reload`. A file with a
// mistake leaves the previous settings in force. Consumers read `current` when they need a value and
// subscribe to hear of changes, never keeping a copy taken at start.

import fs from 'node:fs';
import path from 'node:path';
import { SETTINGS_RELOAD_DEBOUNCE_MS } from '../../limits.js';
import { parseSettingsText, readSettingsFile, SETTINGS_FILE } from '../../store/settings.js';
import { DEFAULT_SETTINGS, type Settings } from '../../store/settingsDefaults.js';
import { activate, type ActiveSettings } from './activeSettings.js';

export interface ReloadOutcome {
  /** 'applied': new settings in force; 'unchanged': the file says what is in force; 'invalid': the old ones stay. */
  status: 'applied' | 'unchanged' | 'invalid';
  file: string;
  /** Why the file was not applied (status 'invalid'). */
  error?: string;
  /** Parts that were not applied though the rest was (binding conflicts). */
  problems: string[];
}

export type SettingsListener = (outcome: ReloadOutcome, active: ActiveSettings) => void;

export class LiveSettings {
  private active: ActiveSettings;
  /** The file text now in force (undefined: no file), to tell a real change from a touch. */
  private appliedText: string | undefined;
  /** The mistake in the file right now, if any: told to every client that attaches. */
  private currentError: string | undefined;
  private readonly listeners = new Set<SettingsListener>();
  private watcher: fs.FSWatcher | undefined;
  private debounce: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly log: (text: string) => void,
  ) {
    this.active = defaults();
    const first = this.reload();
    if (first.status === 'invalid') this.log(`settings: ${first.error}; using the defaults until it is fixed`);
  }

  get current(): ActiveSettings {
    return this.active;
  }

  get settings(): Settings {
    return this.active.settings;
  }

  /** Why the file is not in force (a mistake in it), or undefined when it is. */
  get error(): string | undefined {
    return this.currentError;
  }

  /** What a newly attached client should be told: a mistake in the file, or parts not applied. */
  notice(): string | undefined {
    if (this.currentError !== undefined) return `settings not applied: ${this.currentError}`;
    return this.active.problems[0];
  }

  subscribe(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the file again and applies it if it is valid and different from what is in force. */
  reload(): ReloadOutcome {
    const read = readSettingsFile(this.env);
    const outcome = (status: ReloadOutcome['status'], extra: Partial<ReloadOutcome> = {}): ReloadOutcome => ({ status, file: read.file, problems: [], ...extra });
    if (read.error !== undefined) return this.reject(outcome('invalid', { error: read.error }));
    const parsed = read.text === undefined ? { ok: true as const, settings: { ...DEFAULT_SETTINGS } } : parseSettingsText(read.text, SETTINGS_FILE);
    if (!parsed.ok) return this.reject(outcome('invalid', { error: parsed.error }));
    const activation = activate(parsed.settings);
    if (!activation.ok) return this.reject(outcome('invalid', { error: activation.error }));
    const wasInvalid = this.currentError !== undefined;
    this.currentError = undefined;
    if (read.text === this.appliedText && !wasInvalid) return outcome('unchanged', { problems: this.active.problems });
    this.appliedText = read.text;
    this.active = activation.active;
    const applied = outcome('applied', { problems: activation.active.problems });
    for (const problem of applied.problems) this.log(`settings: ${problem}`);
    this.emit(applied);
    return applied;
  }

  /** Watches the settings file's directory (created if missing) and reloads shortly after it changes. */
  watch(): void {
    const file = readSettingsFile(this.env).file;
    const dir = path.dirname(file);
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      this.watcher = fs.watch(dir, (_event, name) => {
        if (name !== null && name !== path.basename(file)) return;
        clearTimeout(this.debounce);
        this.debounce = setTimeout(() => this.reloadFromWatch(), SETTINGS_RELOAD_DEBOUNCE_MS);
      });
      this.watcher.on('error', (error) => {
        this.log(`settings: stopped watching ${dir} (${error.message}); 'tessera reload' still applies changes`);
        this.unwatch();
      });
    } catch (error) {
      this.log(`settings: cannot watch ${dir} (${(error as Error).message}); 'tessera reload' applies changes`);
    }
  }

  dispose(): void {
    this.unwatch();
    this.listeners.clear();
  }

  private unwatch(): void {
    clearTimeout(this.debounce);
    this.watcher?.close();
    this.watcher = undefined;
  }

  private reloadFromWatch(): void {
    const outcome = this.reload();
    if (outcome.status === 'applied') this.log(`settings: applied ${outcome.file}`);
  }

  private reject(outcome: ReloadOutcome): ReloadOutcome {
    const repeated = this.currentError === outcome.error;
    this.currentError = outcome.error;
    if (!repeated) {
      this.log(`settings: not applied: ${outcome.error}; the previous settings stay in force`);
      this.emit(outcome);
    }
    return outcome;
  }

  private emit(outcome: ReloadOutcome): void {
    for (const listener of this.listeners) listener(outcome, this.active);
  }
}

function defaults(): ActiveSettings {
  const activation = activate({ ...DEFAULT_SETTINGS });
  if (!activation.ok) throw new Error(`the default settings do not work: ${activation.error}`);
  return activation.active;
}
