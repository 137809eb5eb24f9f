/*
 * Test-only stand-in for https://apis.google.com/js/api.js (TESTING-NOTES.md): these machines
 * are offline, and the Firebase SDK and the Auth emulator's helper iframe both load it for
 * `gapi.iframes`, a postMessage channel between the page and the helper iframe. This file
 * implements just that channel: gapi.load, getContext().open() in the page,
 * getContext().getParentIframe() in the iframe, and the handles' ping/register/send/restyle.
 * It is answered through the browser context's request routing, never shipped.
 */
(function () {
  var MARK = '__docgenGapiStub';
  var nextId = 1;
  var pendingReplies = {};

  function post(target, message) {
    message[MARK] = true;
    target.postMessage(message, '*');
  }

  /** One end of the channel: handlers registered here, messages sent to `peer`. */
  function Channel(getPeer) {
    this.getPeer = getPeer;
    this.handlers = {};
    this.queued = {};
  }
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var waiting = this.queued[name] || [];
    delete this.queued[name];
    for (var i = 0; i < waiting.length; i++) this.deliver(waiting[i]);
  };
  Channel.prototype.send = function (name, payload, callback) {
    var id = nextId++;
    if (callback) pendingReplies[id] = callback;
    post(this.getPeer(), { kind: 'send', id: id, name: name, payload: payload });
    return Promise.resolve();
  };
  Channel.prototype.restyle = function () {
    return Promise.resolve();
  };
  Channel.prototype.deliver = function (msg) {
    var handler = this.handlers[msg.name];
    // Messages for a handler not registered yet wait for it, as the real channel's do.
    if (!handler) {
      (this.queued[msg.name] = this.queued[msg.name] || []).push(msg);
      return;
    }
    var result;
    try {
      result = handler(msg.payload);
    } catch (e) {
      result = { status: 'ERROR' };
    }
    post(this.getPeer(), { kind: 'reply', id: msg.id, responses: [result] });
  };

  var channelsBySource = [];
  function channelFor(source) {
    for (var i = 0; i < channelsBySource.length; i++) {
      if (channelsBySource[i].source() === source) return channelsBySource[i];
    }
    return null;
  }

  window.addEventListener('message', function (e) {
    var msg = e.data;
    if (!msg || typeof msg !== 'object' || !msg[MARK]) return;
    if (msg.kind === 'reply') {
      var callback = pendingReplies[msg.id];
      delete pendingReplies[msg.id];
      // The SDK throws from some callbacks on purpose (the real gapi swallows that).
      if (callback) try { callback(msg.responses); } catch (err) { /* swallowed like gapi */ }
      return;
    }
    var entry = channelFor(e.source);
    if (!entry) return;
    if (msg.kind === 'ready') entry.ready();
    else if (msg.kind === 'send') entry.channel.deliver(msg);
  });

  function openIframe(options, onOpen) {
    var iframe = document.createElement('iframe');
    var attrs = options.attributes || {};
    for (var key in attrs) {
      if (key === 'style') {
        for (var prop in attrs.style) iframe.style[prop] = attrs.style[prop];
      } else {
        iframe.setAttribute(key, attrs[key]);
      }
    }
    iframe.src = options.url;
    var channel = new Channel(function () { return iframe.contentWindow; });
    var isReady = false;
    var onReady = [];
    channelsBySource.push({
      source: function () { return iframe.contentWindow; },
      channel: channel,
      ready: function () {
        isReady = true;
        var callbacks = onReady;
        onReady = [];
        for (var i = 0; i < callbacks.length; i++) callbacks[i]();
      },
    });
    var handle = {
      register: function (name, handler) { channel.register(name, handler); },
      send: function (name, payload, callback) { return channel.send(name, payload, callback); },
      restyle: function () { return channel.restyle(); },
      ping: function (callback) {
        return new Promise(function (resolve) {
          var done = function () { if (callback) callback(); resolve(); };
          if (isReady) done();
          else onReady.push(done);
        });
      },
    };
    (options.where || document.body).appendChild(iframe);
    return Promise.resolve(onOpen ? onOpen(handle) : handle);
  }

  var parentChannel = null;
  function getParentIframe() {
    if (!parentChannel) {
      parentChannel = new Channel(function () { return window.parent; });
      channelsBySource.push({ source: function () { return window.parent; }, channel: parentChannel, ready: function () {} });
      post(window.parent, { kind: 'ready' });
    }
    return parentChannel;
  }

  var context = { open: openIframe, getParentIframe: getParentIframe };
  window.gapi = window.gapi || {};
  window.gapi.iframes = {
    CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
    getContext: function () { return context; },
    Iframe: function () {},
  };
  window.gapi.load = function (_name, config) {
    var callback = typeof config === 'function' ? config : config && config.callback;
    setTimeout(function () { if (callback) callback(); }, 0);
  };

  // Loaded as api.js?onload=<callback> by the SDK, or with window.gapi_onload by the emulator's iframe.
  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    else if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
