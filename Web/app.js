// The phone's page: a client of the service's JSON-RPC over the WebSocket at /rpc, like
// `meditate ctl`. It can do nothing the protocol cannot; the sit never depends on it.
"use strict";

(() => {
  // ---- Words: the CLI's catalogue, by the same keys, in the browser's language. ----

  const preferred = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  const language = String(preferred).toLowerCase().startsWith("de") ? "de" : "en";
  let words = {};

  function say(key, values) {
    let text = words[key] || key;
    for (const [name, value] of Object.entries(values || {})) text = text.split("{" + name + "}").join(String(value));
    return text;
  }

  function applyWords() {
    document.documentElement.lang = language;
    if (language === "de") writeTimesIn24Hours();
    document.title = say("pageTitle");
    for (const element of document.querySelectorAll("[data-text]")) element.textContent = say(element.dataset.text);
    for (const element of document.querySelectorAll("[data-label]")) {
      element.setAttribute("aria-label", say(element.dataset.label));
    }
  }

  /// German writes a time of day in 24 hours, but a time input follows the browser's own
  /// locale, which may write "06:30 AM": on the German page the schedule's times are text, HH:MM.
  function writeTimesIn24Hours() {
    for (const input of document.querySelectorAll('input[type="time"]')) {
      input.type = "text";
      input.inputMode = "numeric";
      input.pattern = "([01]?[0-9]|2[0-3]):[0-5][0-9]";
      input.placeholder = "HH:MM";
      input.maxLength = 5;
      input.autocomplete = "off";
    }
  }

  // ---- Formatting ----

  function clock(seconds) {
    const whole = Math.max(0, Math.round(seconds));
    const h = Math.floor(whole / 3600);
    const m = Math.floor((whole % 3600) / 60);
    const s = whole % 60;
    const two = (n) => String(n).padStart(2, "0");
    return h > 0 ? h + ":" + two(m) + ":" + two(s) : m + ":" + two(s);
  }

  /// A length in words, as the CLI writes it (DurationText): 1 h 47 min, 2 min 33 s, 30 s.
  function duration(seconds) {
    const s = Math.max(0, Math.round(seconds));
    if (s >= 3600) {
      const minutes = Math.floor(s / 60) % 60;
      return Math.floor(s / 3600) + " h" + (minutes ? " " + minutes + " min" : "");
    }
    if (s >= 60) return Math.floor(s / 60) + " min" + (s % 60 ? " " + (s % 60) + " s" : "");
    return s + " s";
  }

  /// A time of day ("06:30") as the browser's locale writes it, like every other time here.
  function timeOfDay(text) {
    const [h, m] = String(text).split(":").map(Number);
    if (!Number.isFinite(h) || !Number.isFinite(m)) return text;
    return new Date(2000, 0, 1, h, m).toLocaleTimeString(language, { hour: "2-digit", minute: "2-digit" });
  }

  function number(value) {
    return new Intl.NumberFormat(language).format(value);
  }

  function days(count) {
    return count === 1 ? say("oneDay") : say("manyDays", { count: number(count) });
  }

  function element(tag, attributes, text) {
    const made = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) made.setAttribute(name, value);
    if (text !== undefined) made.textContent = text;
    return made;
  }

  const $ = (id) => document.getElementById(id);

  /// Sets `target`'s text with each figure and its unit ("12 s", "7,5 min") kept on one line:
  /// a narrow phone must not wrap "Sitzen 1 | min". The text reads as before (textContent).
  function setText(target, text) {
    if (target.textContent === text) return;
    const parts = [];
    let from = 0;
    for (const match of text.matchAll(/\d+(?:[.,]\d+)? (?:min|s|h)\b/g)) {
      if (match.index > from) parts.push(text.slice(from, match.index));
      parts.push(element("span", { class: "figure" }, match[0]));
      from = match.index + match[0].length;
    }
    if (from < text.length) parts.push(text.slice(from));
    target.replaceChildren(...parts);
  }

  // ---- The connection ----

  let socket = null;
  let nextId = 1;
  const waiting = new Map();
  let retryDelay = 500;
  let everConnected = false;

  function showConnection(text) {
    $("connection").textContent = text;
  }

  function connect() {
    showConnection(everConnected ? say("pageReconnecting") : say("pageConnecting"));
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const opened = new WebSocket(scheme + location.host + "/rpc");
    socket = opened;
    // A connection that neither opens nor fails (a network that swallows the handshake) is
    // given up after 10 s, rather than left to the system's minutes of retries.
    const stuck = setTimeout(() => {
      if (socket === opened && opened.readyState === WebSocket.CONNECTING) lost(retryDelay);
    }, 10000);
    opened.onopen = () => {
      clearTimeout(stuck);
      retryDelay = 500;
      everConnected = true;
      showConnection("");
      synchronise();
    };
    opened.onmessage = (message) => receive(message.data);
    opened.onclose = () => {
      if (socket === opened) lost(retryDelay);
    };
  }

  /// The connection is gone: say so, and connect again after `delay` ms (backing off).
  function lost(delay) {
    const old = socket;
    socket = null;
    if (old) {
      old.onclose = null;
      old.onmessage = null;
      old.close();
    }
    for (const [, pending] of waiting) pending.reject(new Error(say("pageReconnecting")));
    waiting.clear();
    showConnection(say("pageReconnecting"));
    // What was playing is not known until the service answers again: nothing is counted on.
    status = { state: "unknown" };
    renderNow();
    setTimeout(connect, delay);
    retryDelay = Math.min(retryDelay * 2, 5000);
  }

  /// A phone woken from sleep, or moved to another network, may hold a connection that is dead
  /// without knowing it: when the page is seen again it asks for the status, and a connection
  /// that does not answer within 3 s is given up for a new one.
  async function checkWhenSeen() {
    if (document.visibilityState !== "visible" || !socket || socket.readyState !== WebSocket.OPEN) return;
    const checked = socket;
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error("late")), 3000));
    try {
      takeStatus(await Promise.race([call("status"), late]));
    } catch {
      if (socket === checked) lost(0);
    }
  }

  function call(method, params) {
    return new Promise((resolve, reject) => {
      if (!socket || socket.readyState !== WebSocket.OPEN) {
        reject(new Error(say("pageReconnecting")));
        return;
      }
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      const request = { jsonrpc: "2.0", id, method };
      if (params) request.params = params;
      socket.send(JSON.stringify(request));
    });
  }

  function receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message.method === "event" && message.params) {
      onEvent(message.params);
      return;
    }
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result);
  }

  /// After every (re)connection: the true state, then events for every change.
  async function synchronise() {
    try {
      // Refusals, and what a sit started here is called, in the page's language.
      await call("hello", { lang: language });
      const subscribed = await call("subscribe");
      takeStatus(subscribed.status);
      // The schedules once the library is in: a scheduled track is said by its title.
      await Promise.all([
        loadDefaults(), loadPresets(), loadLibrary().finally(loadSchedules), loadPractice(), loadCourses(),
      ]);
    } catch (error) {
      $("now-error").textContent = error.message;
    }
  }

  // ---- Now ----

  let status = { state: "idle" };
  let statusAt = performance.now();
  let lastOutcome = null;
  let trackPosition = null;
  let refreshing = false;

  function takeStatus(next) {
    status = next || { state: "idle" };
    statusAt = performance.now();
    if (status.session) lastOutcome = null;
    renderNow();
  }

  async function refreshStatus() {
    if (refreshing) return;
    refreshing = true;
    try {
      takeStatus(await call("status"));
    } catch {
      // The connection went: synchronise() tells the truth when it is back.
    } finally {
      refreshing = false;
    }
  }

  function onEvent(event) {
    switch (event.event) {
      case "position":
        trackPosition = { position: event.position, duration: event.duration, at: performance.now() };
        renderNow();
        break;
      case "session-ended":
        lastOutcome = {
          completed: event.completed, sat: event.satSeconds, history: event.history, kind: event.kind,
        };
        $("note-text").value = "";
        $("note-said").textContent = "";
        trackPosition = null;
        refreshStatus();
        loadPractice();
        break;
      case "reminder":
        showReminder(event);
        break;
      case "session-recorded":
      case "history-changed":
        loadPractice();
        loadDefaults();
        loadCourses();
        break;
      case "presets-changed":
        // The chips stay as they were should the answer not come (the connection lost).
        loadPresets().catch(() => {});
        break;
      case "schedule-added":
      case "schedule-removed":
      case "schedule-changed":
      case "schedules-changed":
      case "schedule-fired":
      case "schedule-skipped":
        loadSchedules();
        break;
      case "moved":
        // The track's new place at once, not a second later with the next position.
        if (trackPosition) trackPosition = { position: event.position, duration: trackPosition.duration, at: performance.now() };
        refreshStatus();
        break;
      case "session-started":
        // Whatever started, it is no longer time to be reminded.
        $("reminder").hidden = true;
        refreshStatus();
        break;
      case "phase":
      case "handover":
      case "bell":
      case "output-lost":
      case "output-back":
        refreshStatus();
        break;
      default:
        break;
    }
  }

  const running = new Set(["countdown", "sitting", "walking", "playing"]);

  /// A session in the page's language: its description's parts are the CLI's message keys
  /// with their values (numbers as 7.5), said here; the service's own text when there are none.
  function describe(session) {
    const parts = session.descriptionParts;
    if (!Array.isArray(parts) || parts.length === 0) return session.description || "";
    return parts.map((part) => {
      if (!part.key) return part.text || "";
      const values = {};
      for (const [name, value] of Object.entries(part)) {
        if (name !== "key") values[name] = language === "de" ? String(value).split(".").join(",") : value;
      }
      return say(part.key, values);
    }).join(", ");
  }

  function phaseWord(phase) {
    const key = "phase" + phase.charAt(0).toUpperCase() + phase.slice(1);
    return words[key] ? say(key) : phase;
  }

  function renderNow() {
    const session = status.session;
    const since = running.has(status.state) ? (performance.now() - statusAt) / 1000 : 0;
    $("now-output").hidden = !(session && session.waitingForOutput);
    $("now-output").textContent = say("pageOutputLost");
    for (const id of ["now-next", "now-track", "now-held"]) $(id).textContent = "";
    if (status.state === "unknown") {
      // The connection is gone: no figure is shown that might be stale.
      for (const id of ["now-phase", "now-left", "now-description"]) $(id).textContent = "";
      setRing(0);
      setButtons(false, false, false);
      $("now-start").hidden = true;
      return;
    }
    // A note of the sit just ended, while its outcome is shown: for that sit's row, never for
    // a sleep (nobody is awake to write one), nor while anything plays or nothing has ended.
    $("note-form").hidden =
      !(lastOutcome && !session && lastOutcome.history !== undefined && lastOutcome.kind !== "sleep");
    if (!session) {
      $("now-phase").textContent = lastOutcome ? finished(lastOutcome.completed) : "";
      $("now-left").textContent = lastOutcome ? clock(lastOutcome.sat) : "";
      $("now-description").textContent = lastOutcome ? "" : say("pageIdle");
      setRing(lastOutcome && lastOutcome.completed ? 100 : 0);
      setButtons(false, false, false);
      showStartChoices(true);
      return;
    }
    const over = status.state === "complete" || status.state === "ended";
    // An open sit has nothing left to count down (the service leaves `remainingSeconds` out).
    const left = session.open ? 0 : Math.max(0, (session.remainingSeconds || 0) - since);
    const elapsed = session.elapsedSeconds + since;
    const total = Math.max(1, elapsed + left);
    const next = session.nextBell;
    setText($("now-description"), describe(session));
    if (over) {
      // The last gong rings out: what was sat, held until it has, and then after it.
      $("now-phase").textContent = finished(status.state === "complete");
      $("now-left").textContent = clock(session.satSeconds);
      setRing(status.state === "complete" ? 100 : Math.min(100, (100 * elapsed) / total));
      setButtons(false, false, false);
      showStartChoices(true);
      return;
    }
    showStartChoices(false);
    // A sleep's playing is not sitting.
    $("now-phase").textContent =
      session.kind === "sleep" && status.state === "sitting" ? say("phaseSleeping") : phaseWord(status.state);
    if (status.state === "countdown" && next && next.bell === "start") {
      // The countdown's own seconds, not the whole session's.
      $("now-left").textContent = clock(Math.max(0, next.atSeconds - elapsed));
    } else {
      $("now-left").textContent = clock(left);
    }
    // An interval bell only, as the terminal says it: the completion gong is the time left
    // itself, and an open sit's stands at the day's limit (it rings when the sitter ends it).
    const told = next && next.bell === "interval";
    $("now-next").textContent = told ? say("nextBellIn", { time: clock(next.atSeconds - elapsed) }) : "";
    if (session.open && status.state !== "countdown") {
      // No set end: the time counts up.
      $("now-left").textContent = clock(Math.max(0, session.satSeconds + since));
    }
    const segment = session.segment;
    if (segment && status.state !== "countdown") {
      // Sitting and walking in turn: this segment's time, and what follows it.
      $("now-left").textContent = clock(Math.max(0, segment.remainingSeconds - since));
      $("now-next").textContent = segment.next
        ? say(segment.next.kind === "walk" ? "thenWalk" : "thenSit", { time: clock(segment.next.seconds) })
        : "";
    }
    let track = "";
    let inTrack = false;
    if (session.kind === "guided" && trackPosition) {
      const extra = status.state === "playing" ? (performance.now() - trackPosition.at) / 1000 : 0;
      const at = Math.min(trackPosition.duration, trackPosition.position + extra);
      if (at < trackPosition.duration) {
        inTrack = true;
        track = say("pageTrackAt", { position: clock(at), duration: clock(trackPosition.duration) });
      }
    }
    $("now-track").textContent = track;
    const held = (status.held || [])[0];
    setText($("now-held"), held ? say("pageHeld", { description: describe(held) }) : "");
    setRing(session.open ? 0 : Math.min(100, (100 * elapsed) / total));
    setButtons(true, status.state === "paused", inTrack);
  }

  /// "complete · sat" or "ended · sat": the figure under it is the time sat.
  function finished(completed) {
    return phaseWord(completed ? "complete" : "ended") + " · " + say("pageSat");
  }

  /// The ring's arc, in percent; none at all at 0 (a round cap would draw a dot).
  function setRing(percent) {
    const ring = $("ring-bar");
    ring.classList.toggle("empty", percent <= 0);
    ring.style.strokeDasharray = percent.toFixed(2) + " 100";
  }

  function setButtons(active, paused, seekable) {
    $("pause").hidden = !active || paused;
    $("resume").hidden = !active || !paused;
    $("end").hidden = !active;
    if (!active) disarm($("end"));
    $("seek-back").hidden = !seekable;
    $("seek-forward").hidden = !seekable;
  }

  /// A button that acts only when tapped twice: the first tap asks ("End now?") for 4 s.
  function confirming(button, question, action) {
    button.addEventListener("click", () => {
      if (button.dataset.armed) {
        disarm(button);
        action();
        return;
      }
      button.dataset.armed = "1";
      button.dataset.plain = button.textContent;
      button.textContent = say(question);
      button.classList.add("armed");
      button.dataset.timer = String(setTimeout(() => disarm(button), 4000));
    });
  }

  function disarm(button) {
    if (!button.dataset.armed) return;
    clearTimeout(Number(button.dataset.timer));
    button.textContent = button.dataset.plain;
    button.classList.remove("armed");
    delete button.dataset.armed;
  }

  // ---- Starting from the Now view: the last sit again, and the presets, one tap each ----

  let defaults = null;
  let presetNames = [];
  /// The library's titles by id, for a scheduled track.
  let trackTitles = new Map();

  function showStartChoices(shown) {
    $("now-start").hidden = !shown;
    if (shown) fillChips($("now-chips"), "now-error");
  }

  /// The last sit ("Again: 20 min, pink noise") and the presets, as buttons into `box`.
  function fillChips(box, errorId) {
    const wanted = JSON.stringify([defaults && defaults.last, presetNames]);
    if (box.dataset.drawn === wanted) return;
    box.dataset.drawn = wanted;
    box.replaceChildren();
    const last = defaults && defaults.last;
    if (last) {
      const again = element("button", { type: "button", class: "again" });
      setText(again, say("pageLastSit", { description: describe(last) }));
      again.addEventListener("click", () => startSit({ ...last.params }, errorId));
      box.append(again);
    }
    for (const name of presetNames) {
      const button = element("button", { type: "button" }, name);
      button.addEventListener("click", () => startSit({ preset: name }, errorId));
      box.append(button);
    }
    if (!last && presetNames.length === 0) box.append(element("p", {}, say("pageNoPresets")));
  }

  /// The Sit form starts from the service's settings (config.toml), until a person changes it.
  async function loadDefaults() {
    try {
      defaults = await call("sit.defaults");
    } catch {
      // A config.toml that does not load is said where a sit is started; the form keeps what
      // it has, and the other views load regardless.
      return;
    }
    if (defaults.sleep && typeof defaults.sleep.minutes === "number" && !$("sleep-minutes").dataset.touched) {
      $("sleep-minutes").value = String(defaults.sleep.minutes);
    }
    const form = $("sit-form");
    if (!form.dataset.touched) {
      const settings = defaults.settings || {};
      // config.toml's `minutes = "open"` ticks "no end"; a number is the length.
      $("sit-open").checked = settings.minutes === "open";
      if (typeof settings.minutes === "number") $("sit-minutes").value = String(settings.minutes);
      $("sit-interval").value = String(settings.interval || 0);
      const random = /^([0-9.]+)(?:-([0-9.]+))?$/.exec(settings["random-bells"] || "");
      document.querySelector(`input[name=bells-kind][value="${random ? "random" : "every"}"]`).checked = true;
      if (random) {
        $("sit-random-min").value = random[1];
        $("sit-random-max").value = random[2] || random[1];
      }
      showFormFields();
      const noise = document.querySelector(`input[name=noise][value="${settings.noise || "none"}"]`);
      if (noise) noise.checked = true;
      const volume = document.querySelector(`input[name=interval-volume][value="${settings["interval-volume"] || ""}"]`);
      if (volume) volume.checked = true;
      // config.toml's `walk-sounds`: what a walk between sits keeps.
      $("sit-walk-bed").checked = settings["walk-sounds"] === "bed" || settings["walk-sounds"] === "both";
      $("sit-walk-bells").checked = settings["walk-sounds"] === "bells" || settings["walk-sounds"] === "both";
      const gong = $("sit-gong");
      if (settings.gong) {
        offerChoice(gong, settings.gong);
        gong.value = settings.gong;
      }
      const between = $("sit-interval-gong");
      if (settings["interval-gong"]) {
        offerChoice(between, settings["interval-gong"]);
        between.value = settings["interval-gong"];
      }
      showGongRoles(defaults.gongs || {}, settings["gong-volume"]);
      // config.toml's bed: a library track by id is one of the choices; a file or a title is
      // offered as it is named, so that a sit started here keeps it.
      const ambience = $("sit-ambience");
      if (settings.ambience) {
        offerChoice(ambience, settings.ambience);
        ambience.value = settings.ambience;
        $("sit-ambience").hidden = false;
        $("sit-ambience-add").hidden = true;
        showOneBed("ambience");
      }
    }
    fillChips($("presets"), "sit-error");
    renderNow();
  }

  async function seek(by) {
    $("now-error").textContent = "";
    try {
      await call("seek", { by });
    } catch (error) {
      $("now-error").textContent = error.message;
    }
  }

  async function act(method) {
    $("now-error").textContent = "";
    try {
      await call(method);
    } catch (error) {
      $("now-error").textContent = error.message;
    }
  }

  // ---- Sit ----

  async function loadPresets() {
    const result = await call("presets");
    presetNames = Object.keys(result.presets || {}).sort();
    fillScheduleChoices($("schedule-preset"), presetNames.map((name) => [name, name]),
      $("schedule-what").querySelector("option[value=preset]"));
    fillChips($("presets"), "sit-error");
    renderNow();
  }

  /// A sleep of the minutes typed: the service's [sleep] gives the rest (docs/usage.md).
  $("sleep-form").addEventListener("submit", (event) => {
    event.preventDefault();
    startSit({ sleep: true, minutes: $("sleep-minutes").value }, "now-error");
  });

  /// A reminder to sit: its words (or "Time to sit"), the sit in the page's language, and one
  /// tap to start that sit (the event's `sit`, as sit.start takes it).
  let reminded = null;
  function showReminder(event) {
    reminded = event.sit || {};
    setText($("reminder-text"), event.text || say("reminderSummary"));
    setText($("reminder-description"), describe(event));
    $("reminder-error").textContent = "";
    $("reminder").hidden = false;
  }

  $("reminder-sit").addEventListener("click", async () => {
    await startSit(reminded || {}, "reminder-error");
    if (!$("reminder-error").textContent) $("reminder").hidden = true;
  });
  $("reminder-later").addEventListener("click", () => { $("reminder").hidden = true; });

  /// The note of the sit just ended, onto its own row (`session-ended`'s `history`).
  $("note-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("note-said").textContent = "";
    const ended = lastOutcome;
    if (!ended || ended.history === undefined) return;
    try {
      await call("history.edit", { id: ended.history, note: $("note-text").value });
      $("note-said").textContent = say("pageNoteKept");
    } catch (error) {
      $("note-said").textContent = error.message;
    }
  });

  $("sleep-minutes").addEventListener("input", () => { $("sleep-minutes").dataset.touched = "1"; });

  async function startSit(params, errorId) {
    $(errorId).textContent = "";
    try {
      const result = await call("sit.start", params);
      lastOutcome = null;
      takeStatus({ state: result.session.phase, session: result.session, held: [] });
      location.hash = "#now";
    } catch (error) {
      $(errorId).textContent = error.message;
    }
  }

  function sitParams() {
    // "No end": the sit counts up until End.
    const params = { minutes: $("sit-open").checked ? "open" : Number($("sit-minutes").value) };
    const rounds = Math.round(Number($("sit-rounds").value));
    if (rounds > 1 && !$("sit-open").checked) {
      // The sits and the walks between, each as long as its row says: the segments set the length.
      // A list, one segment an item, as the service reads it (not joined for it to split again).
      params.segments = partLengths().map(([kind, minutes]) => `${kind} ${minutes}`);
      delete params.minutes;
      // What sounds while walking, said either way: config.toml's would otherwise fill the gap.
      const bed = $("sit-walk-bed").checked;
      const bells = $("sit-walk-bells").checked;
      params["walk-sounds"] = bed && bells ? "both" : bed ? "bed" : bells ? "bells" : "none";
    }
    const interval = Number($("sit-interval").value);
    // No bells is said, not left out: config.toml's interval would fill the gap.
    if (bellsAreRandom()) {
      params.interval = "none";
      params["random-bells"] = `${Number($("sit-random-min").value)}-${Number($("sit-random-max").value)}`;
    } else {
      params.interval = interval > 0 ? interval : "none";
      params["random-bells"] = "none";
    }
    const noise = document.querySelector("input[name=noise]:checked");
    params.noise = noise ? noise.value : "none";
    // A recording from the library is the bed instead of the noise; "none" is said, not left
    // out, so that config.toml's ambience does not come back.
    params.ambience = $("sit-ambience").value;
    if (params.ambience !== "none") params.noise = "none";
    // A softer bell between a full start and end; "as loud" leaves the settings' own.
    const softer = document.querySelector("input[name=interval-volume]:checked").value;
    if (softer) params["interval-volume"] = Number(softer);
    params.gong = $("sit-gong").value;
    // The bells between the start and the end: their own sound, or the gong's, said either way
    // (config.toml's interval-gong would otherwise come back).
    params["interval-gong"] = $("sit-interval-gong").value || params.gong;
    addGongRoles(params);
    return params;
  }

  /// The gongs the form sets one by one, under "Each gong on its own": the start, into a walk
  /// and back to sitting (shown when walks come between), the end, and the strikes of the bells
  /// between (whose sound and volume the form asks above).
  const gongRoles = [
    { role: "start", text: "pageRoleStart", parts: ["gong", "volume", "strikes"] },
    { role: "interval", text: "pageRoleInterval", parts: ["strikes"] },
    { role: "walk", text: "pageRoleWalk", parts: ["gong", "volume", "strikes"], walking: true, strikes: "2" },
    { role: "transition", text: "pageRoleTransition", parts: ["gong", "volume", "strikes"], walking: true },
    { role: "end", text: "pageRoleEnd", parts: ["gong", "volume", "strikes"] },
  ];

  const roleChoices = {
    gong: { text: "pageRoleSound", options: [["", "pageLikeTheGong"], ["bowl", "gongBowl"], ["gong", "gongGong"], ["bell", "gongBell"]] },
    volume: { text: "pageRoleVolume", options: [["", "pageAsLoud"], ["0.5", "pageSofter"], ["0.25", "pageSoftest"]] },
    strikes: { text: "pageRoleStrikes", options: ["1", "2", "3", "4", "5"].map((n) => [n]) },
  };

  function buildGongRoles() {
    const box = $("sit-gong-roles");
    for (const { role, text, parts, walking, strikes } of gongRoles) {
      const set = element("fieldset", { class: "field role", id: `role-${role}` });
      if (walking) set.dataset.walking = "1";
      set.append(element("legend", { "data-text": text }));
      const grid = element("div", { class: "role-grid" });
      for (const part of parts) {
        const id = `role-${role}-${part}`;
        const cell = element("div", { class: "role-part" });
        cell.append(element("label", { for: id, "data-text": roleChoices[part].text }));
        const select = element("select", { id });
        for (const [value, words] of roleChoices[part].options) {
          select.append(words ? element("option", { value, "data-text": words }) : element("option", { value }, value));
        }
        // Until the service says otherwise, the built-in strikes: two into a walk, else one.
        if (part === "strikes") select.value = strikes || "1";
        cell.append(select);
        grid.append(cell);
      }
      set.append(grid);
      box.append(set);
    }
  }

  /// The form's gongs as a sit with nothing given would sound them (config.toml's): a sound of
  /// the role's own or "like the gong", a volume other than the gong's, the strikes.
  function showGongRoles(bells, gongVolume) {
    for (const { role, parts, strikes } of gongRoles) {
      const values = bells[role] || {};
      for (const part of parts) {
        const select = $(`role-${role}-${part}`);
        const value = values[part];
        if (value === null || value === undefined) {
          select.value = part === "strikes" ? strikes || "1" : "";
        } else if (part === "gong") {
          offerChoice(select, value);
          select.value = value;
        } else if (part === "volume") {
          // Volumes come as binary fractions (0.800000011920929): three places say them.
          const volume = String(Math.round(value * 1000) / 1000);
          if (value === gongVolume) {
            select.value = "";
          } else {
            if (![...select.options].some((option) => option.value === volume)) {
              select.append(element("option", { value: volume }, `${Math.round(value * 100)} %`));
            }
            select.value = volume;
          }
        } else {
          offerChoice(select, String(value));
          select.value = String(value);
        }
      }
    }
  }

  /// Every gong's sound, volume and strikes as the form shows them, said either way, so that
  /// config.toml's own values do not come back unasked; the walk's only when walks come between.
  function addGongRoles(params) {
    const gongVolume = defaults && defaults.settings ? defaults.settings["gong-volume"] : undefined;
    for (const { role, parts, walking } of gongRoles) {
      if (walking && params.segments === undefined) continue;
      for (const part of parts) {
        const value = $(`role-${role}-${part}`).value;
        if (part === "gong") {
          params[`${role}-gong`] = value || params.gong;
        } else if (part === "volume") {
          const volume = value === "" ? gongVolume : Number(value);
          if (typeof volume === "number") params[`${role}-volume`] = volume;
        } else {
          params[`${role}-strikes`] = Number(value);
        }
      }
    }
  }

  function bellsAreRandom() {
    return document.querySelector("input[name=bells-kind]:checked").value === "random";
  }

  /// Regular bells ask for an interval, random ones for the shortest and longest gap; more
  /// than one sit, for the walk between.
  function showFormFields() {
    $("sit-random-field").hidden = !bellsAreRandom();
    $("sit-interval-none").hidden = Number($("sit-interval").value) > 0;
    $("sit-interval-field").hidden = bellsAreRandom();
    // A sit with no end has no length to give nor to share among rounds: its minutes rest, and
    // the rounds and their walk go until it has an end again.
    const open = $("sit-open").checked;
    $("sit-minutes").disabled = open;
    for (const step of document.querySelectorAll("[data-step=sit-minutes]")) step.disabled = open;
    $("sit-rounds-field").hidden = open;
    $("sit-walk-field").hidden = open || Number($("sit-rounds").value) < 2;
    for (const set of document.querySelectorAll("fieldset[data-walking]")) set.hidden = $("sit-walk-field").hidden;
    showParts();
    // After the rounds' rows, whose sits it reads.
    showRandomNone();
  }

  /// No random bell rings in a sit's last minute, and the first comes at least the shortest gap
  /// after its start: a sit no longer than both rings none, which the form says as it is set.
  function showRandomNone() {
    const shortest = Number($("sit-random-min").value);
    const rounds = Math.round(Number($("sit-rounds").value));
    const sits =
      rounds > 1 ? partLengths().filter(([kind]) => kind === "sit").map(([, minutes]) => minutes) : [Number($("sit-minutes").value)];
    const none =
      bellsAreRandom() && !$("sit-open").checked && shortest > 0 && sits.length > 0 && sits.every((minutes) => shortest > minutes - 1);
    $("sit-random-none").hidden = !none;
    $("sit-random-none").textContent = none ? say("pageRandomNone", { gap: duration(shortest * 60) }) : "";
  }

  // ---- Rounds: each sit and walk its own length ----

  /// One row per sit and walk of the rounds (sit, walk, sit …). Rows stay as they are while the
  /// rounds change: a new one starts from the minutes or the walk above, one no longer asked
  /// for goes. "Sit 30, walk 5, sit 20" needs no preset.
  function showParts() {
    const rounds = Math.round(Number($("sit-rounds").value));
    const box = $("sit-parts");
    const wanted = rounds > 1 ? 2 * rounds - 1 : 0;
    while (box.children.length > wanted) box.lastElementChild.remove();
    while (box.children.length < wanted) box.append(partRow(box.children.length));
    const total = partLengths().reduce((sum, [, minutes]) => sum + minutes, 0);
    setText($("sit-parts-total"), total > 0 ? `(${duration(total * 60)})` : "");
  }

  function partRow(index) {
    const kind = index % 2 === 0 ? "sit" : "walk";
    const source = $(kind === "sit" ? "sit-minutes" : "sit-walk");
    const id = `part-${index}`;
    const row = element("div", { class: "field part", "data-kind": kind });
    const words = kind === "sit" ? "pagePartSit" : "pagePartWalk";
    row.append(element("label", { for: id }, say(words, { number: Math.floor(index / 2) + 1 })));
    const stepper = element("div", { class: "stepper" });
    // Five minutes a step, as the minutes' and the walk's own steppers.
    const by = 5;
    stepper.append(
      element("button", { type: "button", class: "step", "data-step": id, "data-by": String(-by), "aria-label": say("pageFewer") }, "−"),
      element("input", { id, type: "number", inputmode: "decimal", min: source.min, max: source.max, step: "any", value: source.value }),
      element("button", { type: "button", class: "step", "data-step": id, "data-by": String(by), "aria-label": say("pageMore") }, "+"),
    );
    row.append(stepper);
    return row;
  }

  /// The rows' kinds and minutes, in order.
  function partLengths() {
    return [...$("sit-parts").children].map((row) => [row.dataset.kind, Number(row.querySelector("input").value) || 0]);
  }

  /// The minutes and the walk above set every sit's and every walk's row: one change for all.
  function followIntoParts(input) {
    const kind = input.id === "sit-minutes" ? "sit" : input.id === "sit-walk" ? "walk" : null;
    if (!kind) return;
    for (const row of $("sit-parts").children) {
      if (row.dataset.kind === kind) row.querySelector("input").value = input.value;
    }
  }

  /// A stepper's − or +: its field moves by the step, within the field's own bounds.
  function step(button) {
    const input = $(button.dataset.step);
    const moved = (Number(input.value) || 0) + Number(button.dataset.by);
    const highest = input.max === "" ? Infinity : Number(input.max);
    input.value = String(Math.min(highest, Math.max(Number(input.min), moved)));
    followIntoParts(input);
    $("sit-form").dataset.touched = "1";
    showFormFields();
  }

  /// Every item of a list the service answers a page at a time: `next` given back as `after`
  /// until no page says more follow (at most 1000 pages).
  async function pages(method, member) {
    let result = await call(method);
    const items = [...(result[member] || [])];
    for (let count = 1; result.next !== undefined && count < 1000; count++) {
      result = await call(method, { after: result.next });
      items.push(...(result[member] || []));
    }
    return items;
  }

  // ---- Library ----

  async function loadLibrary() {
    // A page at a time, as the service answers (a large library is more than one message holds).
    const tracks = await pages("library.list", "tracks");
    const box = $("tracks");
    box.replaceChildren();
    // Any track of the library may be a sit's bed, by its id.
    const ambience = $("sit-ambience");
    const chosen = ambience.value;
    ambience.replaceChildren(element("option", { value: "none" }, say("pageNoAmbience")));
    for (const track of tracks) ambience.append(element("option", { value: String(track.id) }, track.title));
    trackTitles = new Map(tracks.map((track) => [String(track.id), track.title]));
    fillScheduleChoices($("schedule-track"), tracks.map((track) => [String(track.id), track.title]),
      $("schedule-what").querySelector("option[value=play]"));
    const configured = defaults && defaults.settings && defaults.settings.ambience;
    if (configured) offerChoice(ambience, configured);
    ambience.value = [...ambience.options].some((option) => option.value === chosen) ? chosen : "none";
    // With no recording to offer, the field says in one line how to add one.
    $("sit-ambience").hidden = tracks.length === 0 && !configured;
    $("sit-ambience-add").hidden = !$("sit-ambience").hidden;
    if (tracks.length === 0) {
      box.append(element("p", { class: "empty" }, say("pageNoTracks")));
      return;
    }
    const byTeacher = new Map();
    for (const track of tracks) {
      const teacher = track.teacher || say("pageUnknownTeacher");
      if (!byTeacher.has(teacher)) byTeacher.set(teacher, []);
      byTeacher.get(teacher).push(track);
    }
    for (const teacher of [...byTeacher.keys()].sort((a, b) => a.localeCompare(b, language))) {
      box.append(element("h3", { class: "teacher" }, teacher));
      const list = element("ul", { class: "list" });
      for (const track of byTeacher.get(teacher)) {
        const item = element("li");
        const what = element("span", { class: "what" });
        what.append(element("span", { class: "title" }, track.title));
        what.append(element("span", { class: "sub" }, clock(track.durationSeconds)));
        const play = element("button", { type: "button", "aria-label": say("pagePlay", { title: track.title }) });
        play.textContent = "▶";
        play.addEventListener("click", () => playFromLibrary(track.id));
        item.append(what, play);
        list.append(item);
      }
      box.append(list);
    }
  }

  /// Each course's next day on Now, "basics · Day 4: Breath", one tap to play it; a course
  /// whose every day was heard, or whose next track this library lacks, is left out.
  async function loadCourses() {
    let result;
    try {
      result = await call("course.list");
    } catch {
      return;
    }
    const box = $("now-courses");
    box.replaceChildren();
    for (const course of result.courses || []) {
      if (!course.next || !course.next.track) continue;
      const button = element("button", { type: "button", class: "course" });
      setText(button, `${course.name} · ${say("pageCourseDay", {
        day: course.next.day, days: course.days, title: course.next.title,
      })}`);
      button.addEventListener("click", () => playTrack({ track: course.next.track }, "now-error"));
      box.append(button);
    }
    $("now-courses-box").hidden = box.childElementCount === 0;
  }

  /// A recording of the Library view, with the sit after it asked for there.
  function playFromLibrary(id) {
    const params = { track: String(id) };
    const then = Number($("library-then").value);
    if (then > 0) params.then = then;
    playTrack(params, "library-error");
  }

  async function playTrack(params, errorId) {
    $(errorId).textContent = "";
    try {
      const result = await call("play.start", params);
      lastOutcome = null;
      trackPosition = null;
      takeStatus({ state: result.session.phase, session: result.session, held: [] });
      location.hash = "#now";
    } catch (error) {
      $(errorId).textContent = error.message;
    }
  }

  // ---- Practice ----

  async function loadPractice() {
    let stats;
    try {
      stats = await call("stats");
    } catch {
      return;
    }
    const totals = $("totals");
    totals.replaceChildren();
    const rows = [
      ["statsSessions", number(stats.sessions)],
      ["statsTotal", duration(stats.totalSeconds)],
      ["statsAverage", duration(stats.averageSeconds)],
    ];
    // `streaks = false` in config.toml: the service gives none, and none is shown.
    if (stats.currentStreak !== null && stats.currentStreak !== undefined) {
      rows.push(["statsCurrentStreak", days(stats.currentStreak)], ["statsLongestStreak", days(stats.longestStreak)]);
    }
    for (const [key, value] of rows) {
      const row = element("li");
      row.append(element("span", { class: "label" }, say(key)), element("span", { class: "value" }, value));
      totals.append(row);
    }
    drawCalendar(stats.today, stats.secondsByDay || {});
    loadSits();
    loadFeed();
  }

  /// The calendar's address with its own token (`feed.show`), which reads the calendar and
  /// nothing else: what a calendar program is given, never the pairing link.
  async function loadFeed() {
    let result;
    try {
      result = await call("feed.show");
    } catch {
      return;
    }
    const feed = $("feed");
    if (!result.url) {
      feed.replaceChildren();
      return;
    }
    feed.replaceChildren(element("a", { href: result.url }, result.url));
  }

  /// The newest sits, each with its note, to set right (its minutes, its note) or remove:
  /// `history.edit` and `history.remove`, as `meditate history edit` and `remove` do.
  async function loadSits() {
    let result;
    try {
      result = await call("history.list", { newest: 10 });
    } catch {
      return;
    }
    const list = $("sits");
    // A row being edited is not drawn over while the person types in it.
    if (list.querySelector("form")) return;
    list.replaceChildren();
    const sits = (result.sessions || []).slice().reverse();
    if (sits.length === 0) list.append(element("li", { class: "empty" }, say("historyNoneYet")));
    // Each sit says where it was sat once the list holds sits of more than one device, as
    // `meditate history` does.
    const devices = new Set(sits.map((sit) => (sit.device && sit.device.id) || ""));
    for (const sit of sits) list.append(sitRow(sit, devices.size > 1));
  }

  /// "on pi" for a device's host name, or "on another device" where it has none.
  function onHost(host) {
    return host ? say("pageOnHost", { host }) : say("pageOnAnotherDevice");
  }

  function sitRow(sit, sayDevice = false) {
    const item = element("li", { class: "stacked" });
    const when = new Date(sit.startedAt * 1000).toLocaleString(language, {
      weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
    });
    const what = element("span", { class: "what" });
    const title = element("span", { class: "title" });
    setText(title, `${when} · ${duration(sit.satSeconds)}`);
    // "on pi" kept on one line, as a figure and its unit are.
    if (sayDevice) title.append(" · ", element("span", { class: "figure" }, onHost(sit.device && sit.device.host)));
    // A sit added by hand is its minutes alone, which the line above says: "by hand" instead.
    what.append(title, element("span", { class: "sub" }, sit.kind === "manual" ? say("kindManual") : sit.note));
    if (sit.remark) what.append(element("span", { class: "sub remark" }, sit.remark));
    const edit = element("button", {
      type: "button", class: "quiet", "aria-label": say("pageEditSit", { when }),
    }, say("pageEdit"));
    edit.addEventListener("click", () => item.replaceWith(sitForm(sit, when, sayDevice)));
    const remove = element("button", {
      type: "button", class: "quiet", "aria-label": say("pageRemoveSit", { when }),
    }, say("pageRemove"));
    confirming(remove, "pageConfirmRemove", () => changeSit("history.remove", { id: sit.id }));
    const buttons = element("span", { class: "buttons" });
    buttons.append(edit, remove);
    item.append(what, buttons);
    return item;
  }

  /// A sit's minutes and note, set right in place.
  function sitForm(sit, when, sayDevice) {
    const item = element("li", { class: "stacked" });
    const form = element("form", { class: "form sit-edit", novalidate: "" });
    const minutesID = `sit-minutes-${sit.id}`;
    const noteID = `sit-note-${sit.id}`;
    const minutes = element("input", {
      id: minutesID, type: "number", inputmode: "decimal", min: "0.05", max: "1440", step: "any",
      value: String(Math.round((sit.satSeconds / 60) * 100) / 100),
    });
    const note = element("textarea", { id: noteID, maxlength: "2000", rows: "2" });
    note.value = sit.remark || "";
    const minutesField = element("div", { class: "field" });
    minutesField.append(element("label", { for: minutesID }, say("pageMinutes")), minutes);
    const noteField = element("div", { class: "field" });
    noteField.append(element("label", { for: noteID }, say("pageAddNote")), note);
    const save = element("button", { type: "submit" }, say("pageSave"));
    const cancel = element("button", { type: "button", class: "quiet" }, say("pageCancel"));
    cancel.addEventListener("click", () => item.replaceWith(sitRow(sit, sayDevice)));
    const buttons = element("span", { class: "buttons" });
    buttons.append(save, cancel);
    form.append(element("p", { class: "title" }, when), minutesField, noteField, buttons);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      changeSit("history.edit", { id: sit.id, minutes: Number(minutes.value), note: note.value }, true);
    });
    item.append(form);
    return item;
  }

  async function changeSit(method, params, editing = false) {
    $("sits-error").textContent = "";
    try {
      await call(method, params);
      // The form is gone once its change is in; the list and the totals are read again.
      if (editing) $("sits").replaceChildren();
      loadPractice();
    } catch (error) {
      $("sits-error").textContent = error.message;
    }
  }

  /// 26 weeks as columns of seven days, Monday on top, this week last: as `meditate stats` draws it.
  function drawCalendar(today, secondsByDay) {
    const box = $("calendar");
    box.replaceChildren();
    const [y, m, d] = today.split("-").map(Number);
    const end = new Date(Date.UTC(y, m - 1, d));
    const weekday = (end.getUTCDay() + 6) % 7;
    const start = new Date(end.getTime() - (25 * 7 + weekday) * 86400000);
    // 26 weeks of 10 units and a column of day labels: 288 units, as wide as a 320 px phone's
    // page, so a unit is at least a pixel and the 11-unit labels at least 11 px.
    const cell = 10;
    const left = 28;
    const top = 16;
    const svgNS = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(svgNS, "svg");
    svg.setAttribute("viewBox", `0 0 ${left + 26 * cell} ${top + 7 * cell}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-labelledby", "calendar-heading");
    const months = say("monthNames").split(" ");
    const dayLabels = say("dayLabels").split(",");
    for (let row = 0; row < 7; row++) {
      if (!dayLabels[row]) continue;
      const label = document.createElementNS(svgNS, "text");
      label.setAttribute("x", 0);
      label.setAttribute("y", top + row * cell + 8.5);
      label.textContent = dayLabels[row];
      svg.append(label);
    }
    let lastMonth = -1;
    for (let week = 0; week < 26; week++) {
      for (let row = 0; row < 7; row++) {
        const date = new Date(start.getTime() + (week * 7 + row) * 86400000);
        if (date > end) continue;
        const key = date.toISOString().slice(0, 10);
        const seconds = secondsByDay[key] || 0;
        const level = seconds === 0 ? 0 : seconds < 600 ? 1 : seconds < 1200 ? 2 : seconds < 2400 ? 3 : 4;
        const square = document.createElementNS(svgNS, "rect");
        square.setAttribute("x", left + week * cell);
        square.setAttribute("y", top + row * cell);
        square.setAttribute("x", left + week * cell + 0.5);
        square.setAttribute("y", top + row * cell + 0.5);
        square.setAttribute("width", cell - 3);
        square.setAttribute("height", cell - 3);
        square.setAttribute("rx", 1.5);
        square.setAttribute("class", "heat" + level);
        const title = document.createElementNS(svgNS, "title");
        title.textContent = say("pageDaySat", { date: key, time: duration(seconds) });
        square.append(title);
        svg.append(square);
        if (row === 0 && date.getUTCMonth() !== lastMonth) {
          lastMonth = date.getUTCMonth();
          const label = document.createElementNS(svgNS, "text");
          label.setAttribute("x", left + week * cell);
          label.setAttribute("y", 11);
          label.textContent = months[lastMonth] || "";
          svg.append(label);
        }
      }
    }
    box.append(svg);
    const legend = element("div", { class: "legend", "aria-hidden": "true" });
    legend.append(element("span", {}, say("heatLess")));
    for (let level = 0; level <= 4; level++) legend.append(element("span", { class: "swatch heat" + level }));
    legend.append(element("span", {}, say("heatMore")));
    box.append(legend);
  }

  // ---- Schedule ----

  function dayWords(days) {
    return { daily: say("pageDaily"), "mon-fri": say("pageWeekdays"), "sat,sun": say("pageWeekend") }[days] || days;
  }

  function describeSchedule(schedule) {
    // A sit as Now says it (the service sends its parts, its preset and config.toml's values in
    // them), a track by its title: the time first, then what.
    const track = schedule.action === "play" ? String(schedule.options.track || "") : "";
    const told = Array.isArray(schedule.descriptionParts) && schedule.descriptionParts.length > 0
      ? describe(schedule) : trackTitles.get(track) || track;
    if (told) {
      const preset = schedule.options.preset ? `${schedule.options.preset}: ` : "";
      const what = preset + told;
      if (schedule.every) {
        return say("pageScheduleSitEvery", {
          what: schedule.action === "remind" ? `${say("pageActionRemind")}: ${what}` : what, every: duration(schedule.every * 60), from: timeOfDay(schedule.from), to: timeOfDay(schedule.to),
          days: dayWords(schedule.days),
        });
      }
      const key = schedule.action === "remind" ? "pageScheduleRemindAt" : "pageScheduleSitAt";
      return say(key, { what, at: timeOfDay(schedule.at), days: dayWords(schedule.days) });
    }
    const what = { sit: say("pageActionSit"), bell: say("pageActionBell") }[schedule.action] || "";
    if (schedule.every) {
      return say("pageScheduleEvery", {
        what, every: duration(schedule.every * 60), from: timeOfDay(schedule.from), to: timeOfDay(schedule.to),
        days: dayWords(schedule.days),
      });
    }
    return say("pageScheduleAt", { what, at: timeOfDay(schedule.at), days: dayWords(schedule.days) });
  }

  async function loadSchedules() {
    // A page at a time, as the service answers (a long list is more than one message holds).
    let schedules;
    try {
      schedules = await pages("schedule.list", "schedules");
    } catch {
      return;
    }
    const list = $("schedules");
    list.replaceChildren();
    if (schedules.length === 0) list.append(element("li", { class: "empty" }, say("pageNothingScheduled")));
    // By the time of day they sound (06:30 above 07:00), not by the order they were added.
    const when = (schedule) => schedule.at || schedule.from || "";
    schedules.sort((a, b) => when(a).localeCompare(when(b)) || a.id - b.id);
    for (const schedule of schedules) {
      const item = element("li", { class: "stacked" });
      const what = element("span", { class: "what" });
      const description = describeSchedule(schedule);
      // A sit's figures keep their units on one line, as on Now.
      const title = element("span", { class: "title" });
      setText(title, description);
      what.append(title);
      const paused = schedule.pausedUntil && schedule.pausedUntil * 1000 > Date.now();
      // Another device's service rings it, not this one: said beside when.
      const where = schedule.elsewhere ? onHost(schedule.service && schedule.service.host) : "";
      let told = "";
      if (paused) {
        told = say("pagePausedToday");
      } else if (schedule.next) {
        const when = new Date(schedule.next * 1000).toLocaleString(language, {
          weekday: "short", hour: "2-digit", minute: "2-digit",
        });
        told = say("pageNext", { when });
      }
      if (told || where) {
        const sub = element("span", { class: "sub" }, told);
        // "on pi" kept on one line, as a figure and its unit are.
        if (where) sub.append(told ? " · " : "", element("span", { class: "figure" }, where));
        what.append(sub);
      }
      const remove = element("button", {
        type: "button", class: "quiet", "aria-label": say("pageRemoveSchedule", { what: description }),
      }, say("pageRemove"));
      confirming(remove, "pageConfirmRemove", () => changeSchedule("schedule.remove", schedule.id));
      const pause = element("button", {
        type: "button", class: "quiet",
        "aria-label": say(paused ? "pageResumeSchedule" : "pagePauseScheduleToday", { what: description }),
      }, say(paused ? "pageResume" : "pagePauseToday"));
      pause.addEventListener("click", () => changeSchedule(paused ? "schedule.resume" : "schedule.pause", schedule.id));
      const buttons = element("span", { class: "buttons" });
      buttons.append(pause, remove);
      item.append(what, buttons);
      list.append(item);
    }
  }

  /// The fields of what the Schedule form adds: minutes for a plain sit, the preset, the recording.
  function showScheduleFields() {
    const chosen = $("schedule-what").value;
    $("schedule-minutes-field").hidden = chosen !== "sit" && chosen !== "remind";
    $("schedule-preset-field").hidden = chosen !== "preset";
    $("schedule-track-field").hidden = chosen !== "play";
  }

  /// The choices that come from the service: the presets and the library's recordings; what is
  /// not there is not offered.
  function fillScheduleChoices(select, choices, option) {
    const chosen = select.value;
    select.replaceChildren(...choices.map(([value, text]) => element("option", { value }, text)));
    if (choices.some(([value]) => value === chosen)) select.value = chosen;
    option.hidden = choices.length === 0;
    option.disabled = choices.length === 0;
    if (option.disabled && $("schedule-what").value === option.value) {
      $("schedule-what").value = "sit";
      showScheduleFields();
    }
  }

  async function changeSchedule(method, id) {
    $("schedule-error").textContent = "";
    try {
      await call(method, { id });
    } catch (error) {
      $("schedule-error").textContent = error.message;
    }
  }

  async function addSchedule() {
    $("schedule-error").textContent = "";
    const params = { days: $("schedule-days").value, options: {} };
    const every = $("schedule-repeat").value === "every" ? Number($("schedule-every").value) : 0;
    if (every > 0) {
      params.every = every;
      params.from = $("schedule-at").value;
      params.to = $("schedule-until").value;
    } else {
      params.at = $("schedule-at").value;
    }
    const chosen = $("schedule-what").value;
    // The sit set under Sit, a preset and a plain sit of minutes are all sits; a recording plays.
    params.action = { form: "sit", preset: "sit", play: "play" }[chosen] || chosen;
    if (chosen === "sit" || chosen === "remind") params.options.minutes = Number($("schedule-minutes").value);
    if (chosen === "form") params.options = sitParams();
    if (chosen === "preset") params.options.preset = $("schedule-preset").value;
    if (chosen === "play") params.options.track = $("schedule-track").value;
    try {
      const result = await call("schedule.add", params);
      // Added, and said when others sound at one of its times: all but one will be skipped. One
      // sentence a time, the schedules of that time listed in it.
      const byTime = new Map();
      for (const clash of (result && result.clashes) || []) {
        byTime.set(clash.at, [...(byTime.get(clash.at) || []), String(clash.schedule)]);
      }
      const list = new Intl.ListFormat(language, { type: "conjunction" });
      $("schedule-error").textContent = [...byTime]
        .map(([at, ids]) =>
          ids.length === 1
            ? say("pageScheduleClash", { id: ids[0], at: timeOfDay(at) })
            : say("pageScheduleClashes", { ids: list.format(ids), at: timeOfDay(at) }))
        .join(" ");
    } catch (error) {
      $("schedule-error").textContent = error.message;
    }
  }

  // ---- Views ----

  const views = ["now", "sit", "library", "practice", "schedule"];

  function showView() {
    const wanted = location.hash.slice(1);
    const view = views.includes(wanted) ? wanted : "now";
    for (const name of views) $("view-" + name).hidden = name !== view;
    for (const link of document.querySelectorAll(".tabs a")) {
      if (link.dataset.view === view) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
  }

  /// Adds `value` (a file's path, a name) to `select` as a choice named by its last part, unless
  /// one of its choices already is it.
  function offerChoice(select, value) {
    if (![...select.options].some((option) => option.value === value)) {
      select.append(element("option", { value }, value.split("/").pop()));
    }
  }

  /// The bed is one thing: a recording chosen clears the noise's choice, a noise chosen sets
  /// the recording back to none, and with neither the noise says silence.
  function showOneBed(chosen) {
    const radios = document.querySelectorAll("input[name=noise]");
    if (chosen === "ambience" && $("sit-ambience").value !== "none") {
      for (const radio of radios) radio.checked = false;
    } else if (chosen === "noise") {
      $("sit-ambience").value = "none";
    } else if (![...radios].some((radio) => radio.checked)) {
      document.querySelector('input[name=noise][value="none"]').checked = true;
    }
  }

  function wire() {
    $("sit-ambience").addEventListener("change", () => showOneBed("ambience"));
    for (const radio of document.querySelectorAll("input[name=noise]")) {
      radio.addEventListener("change", () => showOneBed("noise"));
    }
    $("pause").addEventListener("click", () => act("pause"));
    $("resume").addEventListener("click", () => act("resume"));
    confirming($("end"), "pageConfirmEnd", () => act("stop"));
    $("seek-back").addEventListener("click", () => seek(-15));
    $("seek-forward").addEventListener("click", () => seek(15));
    $("sit-form").addEventListener("input", (event) => {
      $("sit-form").dataset.touched = "1";
      followIntoParts(event.target);
      showFormFields();
    });
    $("sit-form").addEventListener("submit", (event) => {
      event.preventDefault();
      startSit(sitParams(), "sit-error");
    });
    $("schedule-form").addEventListener("submit", (event) => {
      event.preventDefault();
      addSchedule();
    });
    $("schedule-repeat").addEventListener("change", () => {
      const repeating = $("schedule-repeat").value === "every";
      $("schedule-every-field").hidden = !repeating;
      $("schedule-until-field").hidden = !repeating;
    });
    $("schedule-what").addEventListener("change", showScheduleFields);
    // "Schedule this sit…": the Schedule form, set to add the sit as the Sit form has it.
    $("sit-schedule").addEventListener("click", () => {
      $("schedule-what").value = "form";
      showScheduleFields();
      location.hash = "#schedule";
    });
    // One listener for every stepper, the rows of rounds built later among them.
    document.addEventListener("click", (event) => {
      const button = event.target.closest("[data-step]");
      if (button) step(button);
    });
    window.addEventListener("hashchange", showView);
    document.addEventListener("visibilitychange", checkWhenSeen);
    // The time left moves between events without asking the service: it counts from the
    // last status, which every change replaces.
    setInterval(renderNow, 250);
  }

  function showAffirmation() {
    const lines = say("affirmations").split("\n").filter((line) => line.trim() !== "");
    if (lines.length > 0) $("affirmation").textContent = lines[Math.floor(Date.now() / 600000) % lines.length];
  }

  async function start() {
    // The pairing token came in the address; the service has set it as a cookie, so the address
    // (history, a screenshot) need not keep it.
    if (location.search) history.replaceState(null, "", location.pathname + location.hash);
    try {
      const response = await fetch("messages.json", { credentials: "same-origin" });
      words = (await response.json())[language] || {};
    } catch {
      words = {};
    }
    buildGongRoles();
    showFormFields();
    applyWords();
    showAffirmation();
    wire();
    showView();
    renderNow();
    connect();
  }

  start();
})();
