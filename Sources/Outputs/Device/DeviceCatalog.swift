/// What each backend can play to, as `meditate devices` lists it: each backend adds its own
/// listing in its folder (`DeviceCatalog+Pulse.swift`, `DeviceCatalog+ALSA.swift`).
public enum DeviceCatalog {}
