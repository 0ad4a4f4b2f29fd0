import type { en } from './en';

type Stringify<T> = { [K in keyof T]: T[K] extends string ? string : Stringify<T[K]> };
/** The shape every catalogue must have: the English keys, any strings. */
export type Catalogue = Stringify<typeof en>;

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
/** Every dotted key path of the English catalogue, e.g. `common.loading`. */
export type MessageKey<T = typeof en> = {
  [K in keyof T & string]: T[K] extends string ? K : Join<K, MessageKey<T[K]>>;
}[keyof T & string];
