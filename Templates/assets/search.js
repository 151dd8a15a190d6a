// Timeline's search, in the browser: the search page (/search/?q=…) and the filter boxes of
// the user lists. It reads the index files the build writes under search/ (docs/search.md)
// and downloads only what a query needs: the manifest, the chunk of the term list for each
// word, more of a common term's postings when the first part is used up, and the cards of
// the results it shows. No dependencies. Everything read from the index goes onto the page
// as text (textContent, attributes), never as HTML.
(() => {
  "use strict";

  // Text to terms, exactly as Sources/TimelineCore/Search/SearchText.swift does it.
  const FOLDS = { "ß": "ss", "ς": "σ", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "æ": "ae", "œ": "oe", "ı": "i", "ħ": "h" };
  const FOLDABLE = /[ßςøłđðæœıħ]/g;
  const MARKS = /\p{M}/gu;
  const WORD_CHARACTER = /[\p{L}\p{N}]/u;
  const NAME_SEPARATORS = /[\p{Zs}\p{Zl}\p{Zp}\p{Cc}]+/u;

  function normalize(text) {
    return text.normalize("NFKD").toLowerCase().replace(MARKS, "").replace(FOLDABLE, (letter) => FOLDS[letter]);
  }

  function isIdeograph(code) {
    return (code >= 0x3040 && code <= 0x30ff) || (code >= 0x31f0 && code <= 0x31ff) || (code >= 0x3400 && code <= 0x4dbf)
      || (code >= 0x4e00 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0x20000 && code <= 0x2fa1f);
  }

  function words(text, termLength) {
    const result = [];
    let current = [];
    const flush = () => {
      if (current.length > 0) result.push(current.slice(0, termLength).join(""));
      current = [];
    };
    for (const character of normalize(text)) {
      if (isIdeograph(character.codePointAt(0))) {
        flush();
        result.push(character);
      } else if (WORD_CHARACTER.test(character)) {
        current.push(character);
      } else {
        flush();
      }
    }
    flush();
    return result;
  }

  function normalizeName(text) {
    return normalize(text).split(NAME_SEPARATORS).filter((part) => part !== "").join(" ");
  }

  function cut(text, length) {
    return Array.from(text).slice(0, length).join("");
  }

  // Numbers: base 32, last digit from the first half of the alphabet (PostingEncoding.swift).
  const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
  const DIGITS = new Int8Array(128).fill(-1);
  for (let index = 0; index < ALPHABET.length; index++) DIGITS[ALPHABET.charCodeAt(index)] = index;

  function digit(text, index) {
    const code = text.charCodeAt(index);
    const value = code < 128 ? DIGITS[code] : -1;
    if (value < 0) throw new Error("malformed search index");
    return value;
  }

  // A posting list as ranks (0 = the first result), ascending.
  function decodePostings(text, toRank, descending) {
    const ranks = [];
    let accumulator = 0;
    let previous = null;
    for (let index = 0; index < text.length; index++) {
      const value = digit(text, index);
      if (value >= 32) {
        accumulator = accumulator * 32 + value - 32;
        continue;
      }
      const number = accumulator * 32 + value;
      accumulator = 0;
      previous = previous === null ? number : descending ? previous - number - 1 : previous + number + 1;
      ranks.push(toRank(previous));
    }
    return ranks;
  }

  // A card's link or photo, resolved against the manifest (a relative build writes them
  // relative to it). Only http(s) URLs, or ones of the page's own scheme, are followed.
  function safeURL(url, base) {
    if (typeof url !== "string" || url === "") return null;
    let resolved;
    try {
      resolved = new URL(url, base);
    } catch {
      return null;
    }
    const scheme = resolved.protocol;
    return scheme === "https:" || scheme === "http:" || scheme === location.protocol ? resolved.href : null;
  }

  // One collection of the index (posts or users).
  class Collection {
    constructor(folder, info, termLength, loadText) {
      this.folder = folder;
      this.count = info.count;
      this.descending = info.order === "descending";
      this.chunks = info.chunks;
      this.roots = info.cards;
      this.fanout = info.fanout;
      this.termLength = termLength;
      this.loadText = loadText;
      this.parsedChunks = new Map();
      this.terms = new Map();
    }

    toRank(number) {
      return this.descending ? this.count - 1 - number : number;
    }

    toNumber(rank) {
      return this.descending ? this.count - 1 - rank : rank;
    }

    // The chunks that can hold terms starting with `prefix`: the one whose range holds the
    // prefix itself and every later one whose first term starts with it.
    chunkIndexes(prefix) {
      let low = 0;
      let high = this.chunks.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (this.chunks[middle][0] <= prefix) low = middle + 1;
        else high = middle;
      }
      const indexes = low > 0 ? [low - 1] : [];
      for (let index = low; index < this.chunks.length && this.chunks[index][0].startsWith(prefix); index++) indexes.push(index);
      return indexes;
    }

    async chunk(index) {
      if (!this.parsedChunks.has(index)) {
        const promise = this.loadText(this.folder + "i/" + this.chunks[index][1] + ".txt").then((text) => {
          const entries = [];
          let previous = "";
          for (const line of text.split("\n")) {
            if (line === "") continue;
            const fields = line.slice(1).split("\t");
            const term = previous.slice(0, digit(line, 0)) + fields[0];
            entries.push({ term, postings: fields[1] || "", tail: fields[2] || null });
            previous = term;
          }
          return entries;
        });
        this.parsedChunks.set(index, promise);
      }
      return this.parsedChunks.get(index);
    }

    // Every term starting with `prefix`, each with the ranks loaded so far and the tail file
    // that continues it (null when complete).
    async termsStartingWith(prefix) {
      const chunks = await Promise.all(this.chunkIndexes(prefix).map((index) => this.chunk(index)));
      const matches = [];
      for (const entries of chunks) {
        for (const entry of entries) {
          if (!entry.term.startsWith(prefix)) continue;
          if (!this.terms.has(entry.term)) {
            const toRank = (number) => this.toRank(number);
            this.terms.set(entry.term, { ranks: decodePostings(entry.postings, toRank, this.descending), tail: entry.tail });
          }
          matches.push(this.terms.get(entry.term));
        }
      }
      return matches;
    }

    async loadTail(term) {
      const text = await this.loadText(this.folder + "t/" + term.tail + ".txt");
      const [postings, next] = text.split("\t");
      const ranks = decodePostings(postings, (number) => this.toRank(number), this.descending);
      for (const rank of ranks) term.ranks.push(rank);
      term.tail = next || null;
    }

    // The ranks of the documents that match every prefix, ascending, at least `wanted` of
    // them unless there are fewer; `complete` when no more can exist.
    async match(prefixes, wanted) {
      const perPrefix = await Promise.all(prefixes.map((prefix) => this.termsStartingWith(prefix)));
      if (perPrefix.some((terms) => terms.length === 0)) return { ranks: [], complete: true };
      for (;;) {
        // Every term is known up to its last loaded rank; results are certain up to the
        // lowest such rank among the terms that continue.
        let frontier = Infinity;
        let limiting = null;
        for (const terms of perPrefix) {
          for (const term of terms) {
            if (term.tail === null) continue;
            const last = term.ranks.length > 0 ? term.ranks[term.ranks.length - 1] : -1;
            if (last < frontier) {
              frontier = last;
              limiting = term;
            }
          }
        }
        const ranks = intersect(perPrefix.map(union), frontier);
        if (ranks.length >= wanted || limiting === null) return { ranks, complete: limiting === null };
        await this.loadTail(limiting);
      }
    }

    async card(number) {
      const fanout = this.fanout;
      const directory = Math.floor(number / fanout);
      const root = Math.floor(directory / fanout);
      const rootText = await this.loadText(`${this.folder}d/${root}.${this.roots[root]}.txt`);
      const directoryDigest = rootText.substr((directory - root * fanout) * 8, 8);
      const directoryText = await this.loadText(`${this.folder}c/${directory}.${directoryDigest}.txt`);
      const cardDigest = directoryText.substr((number - directory * fanout) * 8, 8);
      return JSON.parse(await this.loadText(`${this.folder}r/${number}.${cardDigest}.json`));
    }
  }

  function union(terms) {
    if (terms.length === 1) return terms[0].ranks;
    const all = new Set();
    for (const term of terms) for (const rank of term.ranks) all.add(rank);
    return Array.from(all).sort((a, b) => a - b);
  }

  function intersect(lists, frontier) {
    const sorted = lists.slice().sort((a, b) => a.length - b.length);
    const others = sorted.slice(1).map((list) => new Set(list));
    return sorted[0].filter((rank) => rank <= frontier && others.every((set) => set.has(rank)));
  }

  // Page building, with text only.
  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function image(card, className, base) {
    const url = safeURL(card.img, base);
    if (!url) return element("span", className + " search-no-image");
    const node = element("img", className);
    node.src = url;
    if (card.w) node.width = card.w;
    if (card.h) node.height = card.h;
    node.alt = card.alt || "";
    node.loading = "lazy";
    node.decoding = "async";
    return node;
  }

  // The texts of the page's language, from the build: the element's data-messages holds the
  // language, texts with {{name}} placeholders, and counts' plural forms by CLDR category,
  // one of which Intl.PluralRules picks (docs/themes.md).
  function messages(element) {
    let data = {};
    try {
      data = JSON.parse(element.dataset.messages || "{}");
    } catch {
      data = {};
    }
    const language = data.language || document.documentElement.lang || "en";
    const texts = data.texts || {};
    const counts = data.counts || {};
    let rules = null;
    let numbers = null;
    let lists = null;
    try {
      lists = new Intl.ListFormat(language, { type: "conjunction" });
    } catch {
      lists = null;
    }
    try {
      rules = new Intl.PluralRules(language);
      // The generator writes numbers with Latin digits in every language; so does the script.
      numbers = new Intl.NumberFormat(language, { numberingSystem: "latn" });
    } catch {
      rules = null;
    }
    const fill = (template, values) =>
      String(template || "").replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name) => (name in values ? String(values[name]) : ""));
    return {
      text: (key, values = {}) => fill(texts[key], values),
      number: (value) => (numbers ? numbers.format(value) : String(value)),
      // "3 photos, 1 album and 2 people", as the language joins a list.
      list: (items) => (lists ? lists.format(items) : items.join(", ")),
      count: (key, value) => {
        const forms = counts[key] || {};
        const form = (rules && forms[rules.select(value)]) || forms.other;
        return fill(form, { count: numbers ? numbers.format(value) : String(value) });
      },
    };
  }

  // A card's person (a post's author, an album's owner): the display name, then the username.
  function authorLine(card) {
    const author = element("p", "search-result-author");
    author.append(element("span", "display-name", card.name || card.user));
    if (card.name) author.append(" ", element("span", "username", "@" + card.user));
    return author;
  }

  function postResult(card, say, base) {
    const item = element("li", "search-result");
    const link = element("a", "search-result-link");
    link.href = safeURL(card.url, base) || "#";
    link.append(image(card, "search-thumbnail", base));
    const body = element("div", "search-result-body");
    body.append(authorLine(card));
    if (card.text) body.append(element("p", "search-result-text", card.text));
    const facts = [card.date, say.count("likes", card.likes || 0), say.count("comments", card.comments || 0)];
    body.append(element("p", "search-result-meta", facts.filter(Boolean).join(" · ")));
    link.append(body);
    item.append(link);
    return item;
  }

  function userResult(card, say, base) {
    const item = element("li", "user-row user-result");
    const link = element("a");
    link.href = safeURL(card.url, base) || "#";
    if (safeURL(card.img, base)) link.append(image(card, "avatar", base));
    else link.append(element("span", "avatar avatar-initial", (card.user || "?").slice(0, 1).toUpperCase()));
    const names = element("span", "user-names");
    names.append(element("span", "display-name", card.name || card.user));
    if (card.name) names.append(" ", element("span", "username", "@" + card.user));
    link.append(names);
    item.append(link, element("span", "user-counts", `${say.count("posts", card.posts || 0)} · ${say.count("followers", card.followers || 0)}`));
    return item;
  }

  function albumResult(card, say, base) {
    const item = element("li", "search-result album-result");
    const link = element("a", "search-result-link");
    link.href = safeURL(card.url, base) || "#";
    // The cover stands for the album, which the title names: it needs no text of its own.
    link.append(image({ img: card.img, w: card.w, h: card.h }, "search-thumbnail", base));
    const body = element("div", "search-result-body");
    const title = element("p", "search-result-title", card.title);
    title.dir = "auto";
    body.append(title, authorLine(card));
    if (card.text) body.append(element("p", "search-result-text", card.text));
    body.append(element("p", "search-result-meta", say.count("photos", card.posts || 0)));
    link.append(body);
    item.append(link);
    return item;
  }

  const PAGE = 20;
  const USER_PAGE = 6;
  const ALBUM_PAGE = 6;
  // How many of each kind a new query shows; More adds as many again.
  const FIRST_PAGES = { posts: PAGE, users: USER_PAGE, albums: ALBUM_PAGE };

  function setUpSearchPage(root) {
    const form = root.querySelector("form");
    const input = root.querySelector("#search-query");
    const status = root.querySelector("#search-status");
    const say = messages(root);
    // Browsers do not let a page opened from a folder fetch files, so the index cannot load.
    if (location.protocol === "file:") {
      status.textContent = say.text("needsServer");
      input.disabled = true;
      for (const button of form.querySelectorAll("button")) button.disabled = true;
      document.documentElement.dataset.searchState = "unavailable";
      return;
    }
    const manifestURL = new URL(root.dataset.manifest, document.baseURI);
    const parts = {
      posts: { section: root.querySelector("#post-section"), list: root.querySelector("#post-results"), more: root.querySelector("#more-posts"), render: (card) => postResult(card, say, manifestURL), page: PAGE },
      users: { section: root.querySelector("#user-section"), list: root.querySelector("#user-results"), more: root.querySelector("#more-users"), render: (card) => userResult(card, say, manifestURL), page: USER_PAGE },
      albums: { section: root.querySelector("#album-section"), list: root.querySelector("#album-results"), more: root.querySelector("#more-albums"), render: (card) => albumResult(card, say, manifestURL), page: ALBUM_PAGE },
    };
    // A theme's search template written before albums has no place for them: they are not searched.
    for (const [name, part] of Object.entries(parts)) {
      if (!part.section || !part.list || !part.more) delete parts[name];
    }
    const texts = new Map();
    const loadText = (url) => {
      if (!texts.has(url)) {
        const promise = fetch(new URL(url, manifestURL)).then((response) => {
          if (!response.ok) throw new Error(`${response.status} for ${url}`);
          return response.text();
        });
        promise.catch(() => texts.delete(url));
        texts.set(url, promise);
      }
      return texts.get(url);
    };
    const index = loadText(manifestURL.href).then((text) => {
      const manifest = JSON.parse(text);
      return {
        termLength: manifest.termLength,
        posts: new Collection("posts/", manifest.posts, manifest.termLength, loadText),
        users: new Collection("users/", manifest.users, manifest.termLength, loadText),
        // An index written before albums were has none.
        albums: manifest.albums ? new Collection("albums/", manifest.albums, manifest.termLength, loadText) : null,
      };
    });

    let generation = 0;
    let wanted = { ...FIRST_PAGES };
    let current = "";

    // The query as each collection matches it: the distinct words for posts and albums,
    // leaving out a word that another word starts with (it adds nothing); the whole name for users.
    // "#coffee" typed: the posts tagged #coffee, as the build indexes each tag (a term of `#`
    // and the normalised tag, cut like a word).
    const HASHTAG = /(^|[^\p{L}\p{M}\p{N}_&#])#([\p{L}\p{M}\p{N}_]*\p{L}[\p{L}\p{M}\p{N}_]*)/gu;

    function queries(text, termLength) {
      const tags = Array.from(text.matchAll(HASHTAG), (match) => "#" + cut(normalize(match[2].normalize("NFC").toLowerCase()), termLength));
      const all = Array.from(new Set([...words(text, termLength), ...tags]));
      const postWords = all.filter((word) => !all.some((other) => other !== word && other.startsWith(word)));
      const name = normalizeName(text);
      return { posts: postWords, users: name === "" ? [] : [cut(name, termLength)], name };
    }

    async function results(collection, prefixes, want, verify) {
      if (!collection || prefixes.length === 0) return { cards: [], complete: true };
      const { ranks, complete } = await collection.match(prefixes, want);
      const shown = ranks.slice(0, want);
      const cards = await Promise.all(shown.map((rank) => collection.card(collection.toNumber(rank))));
      return { cards: cards.filter(verify), complete: complete && ranks.length <= want };
    }

    function show(part, outcome) {
      part.list.replaceChildren(...outcome.cards.map(part.render));
      part.section.hidden = outcome.cards.length === 0;
      part.more.hidden = outcome.complete;
    }

    async function run(text) {
      const mine = ++generation;
      current = text;
      document.documentElement.dataset.searchState = "searching";
      if (text.trim() === "") {
        for (const part of Object.values(parts)) show(part, { cards: [], complete: true });
        status.textContent = "";
        document.documentElement.dataset.searchState = "done";
        return;
      }
      status.textContent = say.text("searching");
      try {
        const loaded = await index;
        const query = queries(text, loaded.termLength);
        const nameMatches = (card) => normalizeName(card.user || "").includes(query.name) || normalizeName(card.name || "").includes(query.name);
        const [posts, users, albums] = await Promise.all([
          results(loaded.posts, query.posts, wanted.posts, () => true),
          results(loaded.users, query.users, wanted.users, nameMatches),
          results(parts.albums ? loaded.albums : null, query.posts, wanted.albums, () => true),
        ]);
        if (mine !== generation) return;
        for (const [part, outcome] of [[parts.posts, posts], [parts.users, users], [parts.albums, albums]]) {
          if (part) show(part, outcome);
        }
        const found = (cards, key) => {
          const results = say.count(key, cards.cards.length);
          return cards.complete ? results : say.text("soFar", { results });
        };
        const typed = text.trim();
        const counts = [[posts, "photos"], [albums, "albums"], [users, "people"]]
          .filter(([outcome]) => outcome.cards.length > 0)
          .map(([outcome, key]) => found(outcome, key));
        status.textContent = counts.length > 0 ? say.text("found", { results: say.list(counts), query: typed })
          : say.text("nothing", { query: typed });
        document.documentElement.dataset.searchState = "done";
      } catch (error) {
        if (mine !== generation) return;
        status.textContent = say.text("unavailable", { error: error.message });
        document.documentElement.dataset.searchState = "error";
      }
    }

    function remember(text) {
      const url = new URL(location.href);
      if (text.trim() === "") url.searchParams.delete("q");
      else url.searchParams.set("q", text);
      history.replaceState(null, "", url);
    }

    let timer = 0;
    input.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        wanted = { ...FIRST_PAGES };
        remember(input.value);
        run(input.value);
      }, 150);
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      clearTimeout(timer);
      wanted = { ...FIRST_PAGES };
      remember(input.value);
      run(input.value);
    });
    for (const [name, part] of Object.entries(parts)) {
      part.more.addEventListener("click", () => {
        wanted[name] += part.page;
        run(current);
      });
    }

    const initial = new URLSearchParams(location.search).get("q") || "";
    input.value = initial;
    run(initial);
  }

  // The filter box of a user list: hides the rows whose username and display name do not
  // contain the text, as the search page matches people.
  function setUpFilter(box) {
    const list = document.getElementById(box.dataset.filterList);
    const input = box.querySelector("input");
    const status = box.querySelector(".filter-status");
    if (!list || !input) return;
    const say = messages(box);
    const rows = Array.from(list.children).map((row) => ({
      row,
      names: [normalizeName(row.dataset.username || ""), normalizeName(row.dataset.name || "")],
    }));
    const apply = () => {
      const query = normalizeName(input.value);
      let shown = 0;
      for (const { row, names } of rows) {
        const visible = query === "" || names.some((name) => name.includes(query));
        row.hidden = !visible;
        if (visible) shown++;
      }
      status.textContent = query === "" ? "" : shown === 0 ? say.text("filterNobody") : say.text("filterCount", { shown: say.number(shown), total: say.number(rows.length) });
      document.documentElement.dataset.filterState = "done";
    };
    box.hidden = false;
    input.value = new URLSearchParams(location.search).get("q") || "";
    input.addEventListener("input", () => {
      const url = new URL(location.href);
      if (input.value.trim() === "") url.searchParams.delete("q");
      else url.searchParams.set("q", input.value);
      history.replaceState(null, "", url);
      apply();
    });
    apply();
  }

  function start() {
    const root = document.getElementById("search");
    if (root && root.dataset.manifest) setUpSearchPage(root);
    for (const box of document.querySelectorAll("[data-filter-list]")) setUpFilter(box);
  }

  // The text rules, for the tests that check they match the build's.
  window.TimelineSearch = Object.freeze({ normalize, words, normalizeName });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
