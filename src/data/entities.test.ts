import { describe, expect, it } from 'vitest';
import { changeTypes, parseStaffPinId, staffPinId } from '../../contract/sync';
import { db } from './db';
import { ENTITY_TABLE, entityKey, parseEntityKey } from './entities';

describe('the entity registry', () => {
  it('names a Dexie table of the device database for every change type the server sends', () => {
    expect(Object.keys(ENTITY_TABLE).sort()).toEqual([...changeTypes].sort());
    for (const name of Object.values(ENTITY_TABLE)) expect(db.tables.map((t) => t.name)).toContain(name);
  });

  it('reads back the outbox keys it builds, and nothing else', () => {
    for (const type of changeTypes) expect(parseEntityKey(entityKey(type, '0190-a'))).toEqual({ type, id: '0190-a' });
    expect(parseEntityKey(entityKey('staffPin', staffPinId('c1', 'u1')))).toEqual({ type: 'staffPin', id: 'c1:u1' });
    for (const bad of [null, undefined, '', 'gift', ':x', 'table:x', 'gifts:1']) expect(parseEntityKey(bad)).toBeNull();
  });

  it("a staff PIN's id carries its counter and user and nothing else", () => {
    expect(parseStaffPinId(staffPinId('c-1', 'u-1'))).toEqual({ counterId: 'c-1', userId: 'u-1' });
    for (const bad of ['c-1', 'c-1:', ':u-1', 'a:b:c']) expect(parseStaffPinId(bad)).toBeNull();
  });
});
