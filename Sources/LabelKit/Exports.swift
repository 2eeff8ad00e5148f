// `import LabelKit` brings everything an app needs: the text model, link detection, the layout and the interaction
// machines, with the Linux backends of this module.
@_exported import LabelKitInteraction
@_exported import LabelKitLayout
@_exported import LabelKitLinks
@_exported import LabelKitText
