// Side navigation's own words; its group and item labels are the pages' (pages.groups, pages.<page>.title).
export const nav = {
  main: 'Main',
  help: 'Help',
  newBadge: 'New',
};
